# realbug: pounce-795-float-of-captured-bound-under-jit
# source: https://github.com/jkitchin/pounce/issues/795
# kind: tracer-conversion
# raises: ConcretizationTypeError
# `solve_qp` tested each bound with `np.isfinite(float(ub[i]))`; under `jax.jit`,
# indexing a jnp array (here captured from the enclosing scope) is staged, so `float()`
# meets a tracer. The QP is reduced to the bound expansion.
import jax
import jax.numpy as jnp
import numpy as np

ub = jnp.array([1.0, np.inf])


def expand_bounds(x):
  rows = []
  for i in range(ub.shape[0]):
    if np.isfinite(float(ub[i])):  # BUG
      rows.append(x[i] - ub[i])
  return jnp.stack(rows)


print(jax.jit(expand_bounds)(jnp.array([0.5, 2.0])))
