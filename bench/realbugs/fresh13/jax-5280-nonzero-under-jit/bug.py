# realbug: jax-5280-nonzero-under-jit
# source: https://github.com/jax-ml/jax/issues/5280
# kind: tracer-conversion
# raises: ConcretizationTypeError
# `jnp.nonzero` (data-dependent output size) inside a jitted function, on an array the
# function builds itself.
import jax
import jax.numpy as jnp


@jax.jit
def example():
  a = jnp.array([0, 1, 2])
  return jnp.nonzero(a)  # BUG


print(example())
