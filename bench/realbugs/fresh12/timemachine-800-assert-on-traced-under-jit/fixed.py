# realbug: timemachine-800-assert-on-traced-under-jit (fixed)
# source: https://github.com/proteneer/timemachine/pull/800
import functools

import jax
import jax.numpy as jnp


def nonbonded(conf, params, lam, runtime_validate=True):
  if runtime_validate:
    assert jnp.all(params[:, 1] >= 0)
  dij = jnp.linalg.norm(conf[:, None] - conf[None, :] + 1e-3, axis=-1)
  return jnp.sum(params[:, 0] / dij) * lam


conf = jnp.arange(9.0).reshape(3, 3)
params = jnp.ones((3, 2))
print(jax.jit(functools.partial(nonbonded, runtime_validate=False))(conf, params, 0.5))
