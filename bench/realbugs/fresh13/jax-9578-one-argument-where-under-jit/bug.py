# realbug: jax-9578-one-argument-where-under-jit
# source: https://github.com/jax-ml/jax/issues/9578
# kind: tracer-conversion
# raises: ConcretizationTypeError
# The index of the n-th occurrence of a value, through the one-argument `jnp.where`
# (a nonzero) inside `jax.jit`.
import jax
import jax.numpy as jnp


@jax.jit
def idx_n_th_occurence(operand, occurence, n=0):
  arr = jnp.where(operand == occurence, operand, jnp.nan)
  return jnp.where(arr == arr)[n]  # BUG


idx_n_th_occurence(jnp.array([1.0, 2.0, 1.0]), 1.0)
