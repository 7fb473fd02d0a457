# realbug: jax-9578-one-argument-where-under-jit (fixed)
# source: https://github.com/jax-ml/jax/issues/9578
import jax
import jax.numpy as jnp


@jax.jit
def idx_n_th_occurence(operand, occurence, n=0):
  return jnp.where(operand == occurence, size=len(operand))[0][n]


idx_n_th_occurence(jnp.array([1.0, 2.0, 1.0]), 1.0)
