"""VALID: the mesh kernel is wrapped in ``jax.custom_jvp``; JAX differentiates the rule instead."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


double_kernel = pl.kernel(
    double_body, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)


@jax.custom_jvp
def double(x):
    return double_kernel(x)


@double.defjvp
def double_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return double_kernel(x), 2.0 * t


x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.jvp(double, (x,), (jnp.ones_like(x),)))
print(jax.grad(lambda v: double(v).sum())(x))
