# realbug: numpyro-337-sample-outside-handler
# source: https://github.com/pyro-ppl/numpyro/issues/337
# kind: library-contract
# raises: AssertionError
# On numpyro 0.22 a sample drawn with no seed handler fails the distribution's key assertion.
import numpyro

import numpyro.distributions as d

numpyro.sample("x", d.Normal(0, 1))  # BUG
