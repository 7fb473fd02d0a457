"""INVALID: a Pallas mesh kernel (``pl.kernel(..., mesh=...)``) under ``jax.jvp``.

The seed reproducer's spelling. ``interpret=True`` runs the TensorCore-mesh kernel on the CPU;
on jax 0.12.0.1 jvp fails with "Differentiation rule for 'mpmd_map' not implemented".
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_ref, o_ref):
    # a mesh kernel's operands stay in HBM: compute on a VMEM copy
    def on_vmem(buffer):
        pltpu.sync_copy(x_ref, buffer)
        buffer[...] = buffer[...] * 2.0
        pltpu.sync_copy(buffer, o_ref)

    pl.run_scoped(on_vmem, pltpu.VMEM((8,), jnp.float32))


def double_reference(x):
    """The same computation in jax.numpy (kept to test the kernel against)."""
    return x * 2.0


double = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    double_body, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)
x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.jvp(double, (x,), (jnp.ones_like(x),)))
