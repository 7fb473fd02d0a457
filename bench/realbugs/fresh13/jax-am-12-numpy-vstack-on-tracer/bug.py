# realbug: jax-am-12-numpy-vstack-on-tracer
# source: https://github.com/CMSL-HKUST/jax-am/issues/12
# kind: tracer-conversion
# raises: TracerArrayConversionError
# A topology-optimisation objective stacks cell values with NumPy's `np.vstack`; jaxopt's
# `solver.update` traces the objective, and the traced (90, 4, 2) array reaches NumPy.
# jaxopt is replaced by the `jax.jit` its update applies.
import jax
import jax.numpy as jnp
import numpy as np


def objective(params):
  cells = params.reshape(90, 4, 2)
  stacked = np.vstack(cells)  # BUG
  return jnp.sum(stacked**2)


params = jnp.ones(720)
print(jax.jit(jax.value_and_grad(objective))(params)[0])
