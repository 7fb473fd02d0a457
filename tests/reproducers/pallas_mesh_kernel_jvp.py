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


def double_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


double = pl.kernel(
    double_body, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)
x = jnp.ones(8, jnp.float32)
jax.jvp(double, (x,), (x,))
