# Probe (stop 39), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s39/fori_unrolled_carry.py entry of tpu-v5e-jax-0.10.2.json (the code ran as below, without this header).
"""lax.scan over (8, 128) tiles of a reshaped block, carry only: does Mosaic lower it?"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    def inner(carry, x_d):
        return carry + x_d, None

    total, _ = jax.lax.scan(inner, jnp.zeros((8, 128), jnp.float32), x_ref[...].reshape(2, 8, 128))
    o_ref[...] = total


x = jnp.ones((16, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x).sum()
)
