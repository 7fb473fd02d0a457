# Probe (stop 37), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s37/dot_1d_bf16.py entry of tpu-v5e-jax-0.10.2.json.
# corpus: label=positive styles=direct batch=s37
"""dot 1d bf16: does Mosaic lower it?"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(jnp.dot(x_ref[...], x_ref[...]).astype(jnp.float32), (8, 128))


x = jnp.ones((128,), jnp.bfloat16)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.astype(jnp.float32).sum())
