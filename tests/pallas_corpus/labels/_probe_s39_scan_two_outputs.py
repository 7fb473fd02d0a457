# Probe (stop 39), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s39/scan_two_outputs.py entry of tpu-v5e-jax-0.10.2.json (the code ran as below, without this header).
"""lax.scan with two extensive outputs (a tuple of ys): does Mosaic lower it?"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    def inner(carry, x_d):
        carry = carry + x_d
        return carry, (carry, x_d)

    _, (ys, xs) = jax.lax.scan(inner, jnp.zeros((128,), jnp.float32), x_ref[...])
    o_ref[...] = ys + xs


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x).sum()
)
