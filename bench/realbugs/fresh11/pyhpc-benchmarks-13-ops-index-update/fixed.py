# realbug: pyhpc-benchmarks-13-ops-index-update (fixed)
# source: https://github.com/dionhaefner/pyhpc-benchmarks/issues/13
import jax
import jax.numpy as jnp


@jax.jit
def vertical_gradient(temp, dzw):
  dTdz = jnp.zeros_like(temp)
  dTdz = dTdz.at[:, :, :-1].set((temp[:, :, 1:] - temp[:, :, :-1]) / dzw[:-1])
  return dTdz


temp = jnp.linspace(0.0, 1.0, 4 * 4 * 6).reshape(4, 4, 6)
print(vertical_gradient(temp, jnp.ones(6)).shape)
