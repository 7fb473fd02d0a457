# realbug: needle-24-from-jax-import-linear-util (fixed)
# source: https://github.com/cactus-compute/needle/issues/24
import jax.numpy as jnp
from jax.extend import linear_util as lu


def double(x):
  return x * 2


print(lu.wrap_init(double, debug_info=None).f(jnp.arange(3)))
