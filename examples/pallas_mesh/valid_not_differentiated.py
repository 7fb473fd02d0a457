"""VALID: a mesh kernel that is run (also under jit) but never differentiated."""

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
x = jnp.arange(8.0, dtype=jnp.float32)
print(double(x))
print(jax.jit(double)(x))
