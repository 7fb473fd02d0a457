# corpus: label=positive styles=attribute batch=pallas
"""A pl.kernel mesh body reads and writes its HBM refs directly, as a grid kernel would."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def double_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0  # expect: pallas-mesh-ref-read


double = pl.kernel(
    double_body, out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh, interpret=True
)
print(double(jnp.ones((8, 128), jnp.float32)).sum())
