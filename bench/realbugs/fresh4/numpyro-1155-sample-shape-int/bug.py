# realbug: numpyro-1155-sample-shape-int
# source: https://github.com/pyro-ppl/numpyro/issues/1155
# kind: shape-not-tuple
# raises: AssertionError: sample_shape needs to be a tuple of integers
# The report's sample statement inside a model; numpyro 0.7 failed with "unsupported operand
# type(s) for +: 'int' and 'tuple'", later versions assert on it.
import jax.numpy as jnp
import numpyro
from numpyro import handlers
from jax import random

num_obs = 5
sticks = jnp.full((3,), 0.5)


def model():
    with numpyro.plate('data', num_obs):
        indicators = numpyro.sample(
            'indicators',
            numpyro.distributions.Bernoulli(probs=sticks),
            sample_shape=num_obs)  # BUG
    return indicators


handlers.seed(model, random.PRNGKey(0))()
