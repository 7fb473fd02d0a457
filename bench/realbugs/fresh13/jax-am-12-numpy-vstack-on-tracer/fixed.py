# realbug: jax-am-12-numpy-vstack-on-tracer (fixed)
# source: https://github.com/CMSL-HKUST/jax-am/issues/12
import jax
import jax.numpy as jnp


def objective(params):
  cells = params.reshape(90, 4, 2)
  stacked = jnp.vstack(cells)
  return jnp.sum(stacked**2)


params = jnp.ones(720)
print(jax.jit(jax.value_and_grad(objective))(params)[0])
