# corpus: label=negative styles=direct,attribute batch=pallas
"""The accumulating kernel takes its scratch buffer after the output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

CONFIG = {"rows": 8, "cols": 128}


def accumulate_kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...] * 2.0
    o_ref[...] = acc_ref[...]


x = jnp.ones((CONFIG["rows"], CONFIG["cols"]), jnp.float32)
out = pl.pallas_call(
    accumulate_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    scratch_shapes=[pltpu.VMEM((CONFIG["rows"], CONFIG["cols"]), jnp.float32)],
    interpret=True,
)(x)
print(out.sum())
