# realbug: numpyro-1741-random-flax-module-no-seed (fixed)
# source: https://github.com/pyro-ppl/numpyro/issues/1741
import flax
import numpyro
import numpyro.distributions as dist
from numpyro.contrib.module import random_flax_module
with numpyro.handlers.seed(rng_seed=0):
    random_flax_module(
        "net",
        flax.linen.Dense(features=1),
        prior={"bias": dist.Cauchy(), "kernel": dist.Normal()},
        input_shape=(4,)
    )
