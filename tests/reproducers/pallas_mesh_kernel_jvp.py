"""Raises under jax.jvp for a Pallas kernel built over a mesh with pl.kernel(..., mesh=...).

On jax 0.12.0.1 the first error is "Differentiation rule for 'mpmd_map' not implemented" (the
mesh kernel binds the mpmd_map primitive, which has no JVP rule); the record lists what other
releases raise, as measured.  ``interpret=True`` runs the kernel on the CPU, so no TPU is
needed to reach the error.
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_hbm, o_hbm, buffer):
    # a mesh kernel's operands stay in HBM: compute on a VMEM copy
    pltpu.sync_copy(x_hbm, buffer)
    buffer[...] = buffer[...] * 2.0
    pltpu.sync_copy(buffer, o_hbm)


double = pl.kernel(
    double_body,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=mesh,
    scratch_types=[pltpu.VMEM((8,), jnp.float32)],
    interpret=True,
)
x = jnp.ones(8, jnp.float32)
jax.jvp(double, (x,), (x,))
