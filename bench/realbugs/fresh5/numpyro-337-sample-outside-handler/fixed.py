# realbug: numpyro-337-sample-outside-handler (fixed)
# source: https://github.com/pyro-ppl/numpyro/issues/337
import numpyro

import numpyro.distributions as d

with numpyro.handlers.seed(rng_seed=1):
    numpyro.sample("x", d.Normal(0, 1))
