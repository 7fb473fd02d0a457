"""gpax 0.1.9 ``gpax/utils/utils.py:42``: ``for i in range(num_batches)`` with ``num_batches =
jax.numpy.floor_divide(X_new.shape[dim], batch_size)``, flagged as a tracer used as a Python int
when ``viDKL.fit_predict`` runs its ensemble through ``jax.pmap`` (``ensemble_method='parallel'``,
vidkl.py:365, through predict_in_batches -> _predict_in_batches -> split_in_batches).  gpax
ships no tests and does not import on the pinned JAX (its vidkl needs numpyro's removed
``random_haiku_module``; numpyro 0.18-0.20, which had it, do not import on JAX 0.12), so the
driver loads ``utils.py`` alone (``{src}``: the unpacked wheel) and calls ``split_in_batches``
as the ensemble does: plainly, under ``jax.vmap`` (``'vectorized'``) and under ``jax.pmap``."""

import importlib.util
import os
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp

spec = importlib.util.spec_from_file_location("gpax_utils", f"{sys.argv[1]}/gpax/utils/utils.py")
assert spec is not None and spec.loader is not None
utils = importlib.util.module_from_spec(spec)
spec.loader.exec_module(utils)
X_new = jnp.ones((7, 4))


def single_predict(key: jax.Array) -> jax.Array:
    return jnp.concatenate(utils.split_in_batches(X_new, 3, dim=0)).sum() + key.sum()


keys = jax.random.split(jax.random.PRNGKey(0), 2)
print("plain:", single_predict(keys[0]).shape, "vmap:", jax.vmap(single_predict)(keys).shape)
try:
    jax.pmap(single_predict)(keys)
except jax.errors.TracerIntegerConversionError as error:  # the finding's claim
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: split_in_batches ran under jax.pmap")
