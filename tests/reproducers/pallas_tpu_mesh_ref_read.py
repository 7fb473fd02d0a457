"""Needs a TPU: a pl.kernel mesh body reads its input ref with x_ref[...]; a mesh kernel's
operands stay in HBM (memory space ANY), which a TPU kernel cannot load into vector registers."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


double = pl.kernel(double_body, out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh)
double(jnp.ones((8, 128), jnp.float32))
