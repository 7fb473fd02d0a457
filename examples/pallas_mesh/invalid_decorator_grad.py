"""INVALID: the decorator-factory form ``@pl.kernel(mesh=..., out_type=...)`` reached from
``jax.grad`` through a helper, under ``jax.jit`` (jit does not help: grad needs the JVP).
"""

import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


@pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    mesh=mesh, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True
)
def square(x_ref, o_ref):
    # a mesh kernel's operands stay in HBM: compute on a VMEM copy
    def on_vmem(buffer):
        pltpu.sync_copy(x_ref, buffer)
        buffer[...] = buffer[...] * buffer[...]
        pltpu.sync_copy(buffer, o_ref)

    pl.run_scoped(on_vmem, pltpu.VMEM((8,), jnp.float32))


def square_reference(x):
    return x * x


def loss(x):
    return square(x).sum()


x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.jit(jax.grad(loss))(x))
