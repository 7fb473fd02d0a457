# realbug: jax-md-298-random-keyarray-alias (fixed)
# source: https://github.com/jax-md/jax-md/issues/298
from jax import random
import jax.numpy as jnp

f32 = jnp.float32
KeyArray = jnp.ndarray


def sample(key: KeyArray, shape):
  return random.normal(key, shape, dtype=f32)
