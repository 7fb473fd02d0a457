"""A `@partial(pl.kernel, mesh=...)` squared-error kernel, differentiated with jax.grad."""
# corpus: label=positive styles=direct

from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


@partial(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    pl.kernel, out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh, interpret=True
)
def squared_error(pred_ref, target_ref, out_ref):
    diff = pred_ref[...] - target_ref[...]
    out_ref[...] = diff * diff


def loss(pred, target):
    return jnp.mean(squared_error(pred, target))


pred = jnp.ones((8, 128), jnp.float32)
target = jnp.zeros((8, 128), jnp.float32)
print(jax.grad(loss)(pred, target))
