# realbug: pyhpc-benchmarks-13-ops-index-update
# source: https://github.com/dionhaefner/pyhpc-benchmarks/issues/13
# kind: removed-name
# raises: AttributeError: module 'jax.ops' has no attribute 'index_update'
# The isoneutral-mixing benchmark's JAX backend computed vertical gradients with
# `jax.ops.index_update` (removed in JAX 0.3.2); the grid is made small.
import jax
import jax.numpy as jnp


@jax.jit
def vertical_gradient(temp, dzw):
  dTdz = jnp.zeros_like(temp)
  dTdz = jax.ops.index_update(  # BUG
      dTdz, jax.ops.index[:, :, :-1], (temp[:, :, 1:] - temp[:, :, :-1]) / dzw[:-1]  # BUG
  )
  return dTdz


temp = jnp.linspace(0.0, 1.0, 4 * 4 * 6).reshape(4, 4, 6)
print(vertical_gradient(temp, jnp.ones(6)).shape)
