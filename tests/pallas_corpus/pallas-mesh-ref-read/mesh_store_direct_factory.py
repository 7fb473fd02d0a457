# corpus: label=positive styles=attribute,return batch=pallas
"""A factory returns a mesh kernel whose body stores a value straight into its HBM output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_fill(shape, value):
    def body(o_ref):
        o_ref[...] = jnp.full(shape, value, jnp.float32)  # expect: pallas-mesh-ref-read

    return pl.kernel(
        body,
        out_type=jax.ShapeDtypeStruct(shape, jnp.float32),
        mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
        interpret=True,
    )


print(make_fill((8, 128), 3.0)().sum())
