"""VALID: a mesh kernel that is run (also under jit) but never differentiated.

A mesh kernel's operands stay in HBM: the body copies them into VMEM scratch, computes there
and copies the result back (reading ``x_ref[...]`` directly fails to compile on a TPU)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_hbm, o_hbm, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    buffer[...] = buffer[...] * 2.0
    pltpu.sync_copy(buffer, o_hbm)


double = pl.kernel(
    double_body,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=mesh,
    scratch_types=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)
x = jnp.arange(8.0 * 128, dtype=jnp.float32).reshape(8, 128)
print(double(x).sum())
print(jax.jit(double)(x).sum())
