# realbug: datasets-6884-array-device-method-test
# source: https://github.com/huggingface/datasets/issues/6884
# kind: removed-method
# raises: TypeError: '.*Device' object is not callable
# The failing test of datasets' JaxFormatter (test_jax_formatter_device): the formatted column
# is checked with `row["a"].device() == device`. `Array.device()` was removed in JAX 0.4.27
# (the report's AttributeError); on 0.12 `device` is a property, so the call fails. The
# formatter is cut to the `jax.device_put` it does for the requested device.
import jax
import jax.numpy as jnp
import numpy as np

device = jax.devices()[0]
pa_table = {"a": np.arange(4), "b": np.arange(4.0)}
row = {k: jax.device_put(jnp.asarray(v), device) for k, v in pa_table.items()}
assert row["a"].device() == device  # BUG
