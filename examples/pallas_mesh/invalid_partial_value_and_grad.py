"""INVALID: alias imports, ``functools.partial`` over ``kernel``, a lambda, ``value_and_grad``."""

from functools import partial

import jax.numpy as jnp
from jax import ShapeDtypeStruct, value_and_grad
from jax.experimental.pallas import kernel as mesh_kernel
from jax.experimental.pallas import run_scoped
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
on_mesh = partial(
    mesh_kernel, out_type=ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)


def shift_body(x_ref, o_ref):
    # a mesh kernel's operands stay in HBM: compute on a VMEM copy
    def on_vmem(buffer):
        pltpu.sync_copy(x_ref, buffer)
        buffer[...] = buffer[...] + 1.0
        pltpu.sync_copy(buffer, o_ref)

    run_scoped(on_vmem, pltpu.VMEM((8,), jnp.float32))


def shift_reference(x):
    return x + 1.0


shift = on_mesh(shift_body)  # expect: pallas-call-with-a-mesh-does-not-support-jvp
x = jnp.arange(8.0, dtype=jnp.float32)
print(value_and_grad(lambda v: (shift(v) ** 2).sum())(x))
