# realbug: numpyro-1741-random-flax-module-no-seed
# source: https://github.com/pyro-ppl/numpyro/issues/1741
# kind: library-contract
# raises: AssertionError
# On numpyro 0.22 a sample drawn with no seed handler fails the distribution's key assertion.
import flax
import numpyro.distributions as dist
from numpyro.contrib.module import random_flax_module
random_flax_module(  # BUG
    "net",
    flax.linen.Dense(features=1),
    prior={"bias": dist.Cauchy(), "kernel": dist.Normal()},
    input_shape=(4,)
)
