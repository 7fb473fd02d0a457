# realbug: datasets-6884-array-device-method-test (fixed)
# source: https://github.com/huggingface/datasets/issues/6884
import jax
import jax.numpy as jnp
import numpy as np

device = jax.devices()[0]
pa_table = {"a": np.arange(4), "b": np.arange(4.0)}
row = {k: jax.device_put(jnp.asarray(v), device) for k, v in pa_table.items()}
assert row["a"].devices() == {device}
