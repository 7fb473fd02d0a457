# corpus: label=positive styles=helper,transform batch=c
"""A helper applies the mesh kernel; a sensitivity analysis linearizes the model around x."""

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


shift = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    _shift,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="c", num_cores=1),
    interpret=True,
)


def apply_shift(h):
    return shift(h)


def model(x):
    return jnp.tanh(apply_shift(x * 0.5))


y, model_jvp = jax.linearize(model, jnp.ones(8, jnp.float32))
print(model_jvp(jnp.ones(8, jnp.float32)))
