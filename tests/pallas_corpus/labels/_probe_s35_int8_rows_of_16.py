# Probe (stop 35), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s35/int8_rows_of_16.py entry of tpu-v5e-jax-0.10.2.json.
# corpus: label=positive styles=direct batch=s35
"""int8 rows tiled 8 at a time (an int8 tile packs 32 rows)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


x = jnp.ones((64, 128), jnp.int8)
spec = pl.BlockSpec((16, 128), lambda i: (i, 0))
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.astype(jnp.int32).sum())
