# corpus: label=negative styles=attribute batch=pallas
"""The mesh body copies its HBM input into VMEM scratch, computes there and copies back."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_hbm, o_hbm, buf):
    pltpu.sync_copy(x_hbm, buf)
    buf[...] = buf[...] * 2.0
    pltpu.sync_copy(buf, o_hbm)


double = pl.kernel(
    double_body,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=mesh,
    scratch_types=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)
print(double(jnp.ones((8, 128), jnp.float32)).sum())
