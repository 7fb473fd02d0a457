# Probe (stop 39), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s39/empty_ref_like_vmem_shape.py entry of tpu-v5e-jax-0.10.2.json (the code ran as below, without
# this header and docstring, as the first VALID example of pallas-empty-ref-like-argument).
"""pl.empty_ref_like of a VMEM shape in a TPU kernel: does Mosaic lower it? (It raised:
no lowering of the `empty` primitive in 0.10.2.)"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)


def kernel(x_ref, o_ref):
    m_ref = pl.empty_ref_like(pltpu.VMEM(x_ref.shape, x_ref.dtype))
    m_ref[...] = x_ref[...] * 2
    o_ref[...] = m_ref[...]


pl.pallas_call(kernel, out_shape=out, interpret=True)(x)
