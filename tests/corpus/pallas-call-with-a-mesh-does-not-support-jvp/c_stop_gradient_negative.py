# corpus: label=negative styles=helper,transform batch=c
"""The kernel's input is wrapped in stop_gradient: the loss is differentiated, but no tangent
reaches the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _shift(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = x_ref[...] + 1.0
        pltpu.sync_copy(o_ref, o_hbm)

    pl.run_scoped(
        on_vmem,
        *[
            pltpu.VMEM(r.shape, r.dtype)
            for r in (
                x_hbm,
                o_hbm,
            )
        ],
    )


shift = pl.kernel(
    _shift,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="c", num_cores=1),
    interpret=True,
)


def target_of(x):
    return shift(jax.lax.stop_gradient(x))


def loss(x):
    return jnp.sum((x - target_of(x)) ** 2)


print(jax.grad(loss)(jnp.ones(8, jnp.float32)))
