# realbug: airsenal-658-import-jax-linear-util
# source: https://github.com/alan-turing-institute/AIrsenal/issues/658
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.linear_util'
# The project's pinned NumPyro imported `jax.linear_util` (removed in JAX 0.4.24); the
# import is rebuilt with the wrapping it was used for.
import jax.linear_util as lu  # BUG
import jax.numpy as jnp


def scale(x):
  return 2 * x


wrapped = lu.wrap_init(scale)
print(wrapped.f(jnp.ones(3)))
