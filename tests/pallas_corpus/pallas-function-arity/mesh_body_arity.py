# corpus: label=positive styles=attribute batch=pallas
"""A mesh kernel built with pl.kernel whose body takes a scratch ref that was never declared."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_body(x_hbm, o_hbm, buf):
    pltpu.sync_copy(x_hbm, buf)
    pltpu.sync_copy(buf, o_hbm)


class Copier:
    def __init__(self, shape):
        self.copy = pl.kernel(  # expect: pallas-function-arity
            copy_body,
            out_type=jax.ShapeDtypeStruct(shape, jnp.float32),
            mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
            interpret=True,
        )


print(Copier((8, 128)).copy(jnp.ones((8, 128), jnp.float32)).sum())
