# realbug: timemachine-800-assert-on-traced-under-jit
# source: https://github.com/proteneer/timemachine/pull/800
# kind: tracer-bool
# raises: TracerBoolConversionError
# The reference nonbonded potential validated its inputs with `assert`s on array values;
# calling it under `jax.jit` made the asserted values tracers. The fix passes
# `runtime_validate=False`. The potential is reduced to a pairwise energy.
import jax
import jax.numpy as jnp


def nonbonded(conf, params, lam, runtime_validate=True):
  if runtime_validate:
    assert jnp.all(params[:, 1] >= 0)  # BUG
  dij = jnp.linalg.norm(conf[:, None] - conf[None, :] + 1e-3, axis=-1)
  return jnp.sum(params[:, 0] / dij) * lam


conf = jnp.arange(9.0).reshape(3, 3)
params = jnp.ones((3, 2))
print(jax.jit(nonbonded)(conf, params, 0.5))
