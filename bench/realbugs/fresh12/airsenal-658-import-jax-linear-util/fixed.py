# realbug: airsenal-658-import-jax-linear-util (fixed)
# source: https://github.com/alan-turing-institute/AIrsenal/issues/658
import jax.extend.linear_util as lu
import jax.numpy as jnp


def scale(x):
  return 2 * x


wrapped = lu.wrap_init(scale, debug_info=None)
print(wrapped.f(jnp.ones(3)))
