# corpus: label=negative styles=helper,transform batch=pallas
"""The decorated mesh kernel reads only a VMEM buffer it scoped with pl.run_scoped."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def load(ref):
    return ref[...]


@pl.kernel(
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
    interpret=True,
)
def relu(x_ref, o_ref):
    def scoped(buf):
        pltpu.sync_copy(x_ref, buf)
        buf[...] = jnp.maximum(load(buf), 0.0)
        pltpu.sync_copy(buf, o_ref)

    pl.run_scoped(scoped, pltpu.VMEM((8, 128), jnp.float32))


print(jax.jit(relu)(jnp.ones((8, 128), jnp.float32)).sum())
