# realbug: pounce-795-float-of-captured-bound-under-jit (fixed)
# source: https://github.com/jkitchin/pounce/issues/795
import jax
import jax.numpy as jnp
import numpy as np

ub = jnp.array([1.0, np.inf])


def expand_bounds(x):
  ub_host = np.asarray(ub)
  rows = []
  for i in range(ub_host.shape[0]):
    if np.isfinite(float(ub_host[i])):
      rows.append(x[i] - ub_host[i])
  return jnp.stack(rows)


print(jax.jit(expand_bounds)(jnp.array([0.5, 2.0])))
