# Probe (stop 39), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s39/scan_ys_2d_rows.py entry of tpu-v5e-jax-0.10.2.json (the code ran as below, without this header).
"""lax.scan over (8, 128) tiles of a 3-D block, stacking each carry as ys: does Mosaic lower it?"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    def inner(carry, x_d):
        carry = carry + x_d
        return carry, carry

    _, ys = jax.lax.scan(inner, jnp.zeros((8, 128), jnp.float32), x_ref[...])
    o_ref[...] = ys


x = jnp.ones((2, 8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((2, 8, 128), jnp.float32),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x).sum()
)
