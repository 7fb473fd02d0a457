"""VALID: the mesh kernel is wrapped in ``jax.custom_jvp``; JAX differentiates the rule instead.

The body copies its HBM operands through VMEM scratch (a TPU cannot read ``x_ref[...]`` of a
mesh kernel's operand directly)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_hbm, o_hbm, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    buffer[...] = buffer[...] * 2.0
    pltpu.sync_copy(buffer, o_hbm)


double_kernel = pl.kernel(
    double_body,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=mesh,
    scratch_types=[pltpu.VMEM((8, 128), jnp.float32)],
    interpret=True,
)


@jax.custom_jvp
def double(x):
    return double_kernel(x)


@double.defjvp
def double_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return double_kernel(x), 2.0 * t


x = jnp.arange(8.0 * 128, dtype=jnp.float32).reshape(8, 128)
print(jax.jvp(double, (x,), (jnp.ones_like(x),))[0].sum())
print(jax.grad(lambda v: double(v).sum())(x).sum())
