# realbug: jax-md-298-random-keyarray-alias
# source: https://github.com/jax-md/jax-md/issues/298
# kind: removed-api
# raises: AttributeError: module 'jax.random' has no attribute 'KeyArray'
# The report's traceback shows jax_md/rigid_body.py's module-level aliases; the two lines around
# them are kept, the rest of the module left out.
from jax import random
import jax.numpy as jnp

f32 = jnp.float32
KeyArray = random.KeyArray  # BUG


def sample(key: KeyArray, shape):
  return random.normal(key, shape, dtype=f32)
