# Probe (stop 35), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s35/bf16_cols_full_rows.py entry of tpu-v5e-jax-0.10.2.json.
# corpus: label=positive styles=direct batch=s35
"""bfloat16 rows tiled 8 at a time (a bf16 tile packs 16 rows)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((64, 256), jnp.bfloat16)
spec = pl.BlockSpec((64, 128), lambda i: (0, i))
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.astype(jnp.float32).sum())
