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
def squared_error(pred_hbm, target_hbm, out_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(pred_ref, target_ref, out_ref):
        pltpu.sync_copy(pred_hbm, pred_ref)
        pltpu.sync_copy(target_hbm, target_ref)
        diff = pred_ref[...] - target_ref[...]
        out_ref[...] = diff * diff
        pltpu.sync_copy(out_ref, out_hbm)

    pl.run_scoped(
        on_vmem,
        *[
            pltpu.VMEM(r.shape, r.dtype)
            for r in (
                pred_hbm,
                target_hbm,
                out_hbm,
            )
        ],
    )


def loss(pred, target):
    return jnp.mean(squared_error(pred, target))


pred = jnp.ones((8, 128), jnp.float32)
target = jnp.zeros((8, 128), jnp.float32)
print(jax.grad(loss)(pred, target))
