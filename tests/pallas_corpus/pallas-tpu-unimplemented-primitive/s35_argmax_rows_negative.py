# corpus: label=negative styles=direct batch=s35
"""Row argmax in a kernel: Mosaic lowers it (it ran on a TPU v5e, jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = jnp.argmax(x_ref[...], axis=1, keepdims=True).astype(jnp.int32)


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 1), jnp.int32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
