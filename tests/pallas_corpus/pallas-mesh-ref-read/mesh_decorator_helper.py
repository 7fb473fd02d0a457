# corpus: label=positive styles=helper,transform batch=pallas
"""A decorated mesh kernel (pl.kernel as a decorator factory) whose body reads through a helper."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def load(ref):
    return ref[...]  # expect: pallas-mesh-ref-read


@pl.kernel(
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
    interpret=True,
)
def relu(x_ref, o_ref):
    pltpu.sync_copy(x_ref, o_ref)
    v = load(o_ref)
    del v


print(jax.jit(relu)(jnp.ones((8, 128), jnp.float32)).sum())
