# realbug: needle-24-from-jax-import-linear-util
# source: https://github.com/cactus-compute/needle/issues/24
# kind: removed-module
# raises: ImportError: cannot import name 'linear_util' from 'jax'
# An old Flax, resolved without a version floor, ran `from jax import linear_util as lu`
# against a JAX that no longer has the module. Rebuilt as that import and one use.
import jax.numpy as jnp
from jax import linear_util as lu  # BUG


def double(x):
  return x * 2


print(lu.wrap_init(double).f(jnp.arange(3)))
