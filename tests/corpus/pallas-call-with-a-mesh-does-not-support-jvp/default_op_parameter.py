"""The mesh kernel is the default `op` of a loss function that jax.grad differentiates."""
# corpus: label=positive styles=parameter

import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp
from jax.experimental.pallas import tpu as pltpu


def _softplus_body(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = jnp.logaddexp(x_ref[...], 0.0)
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


softplus_kernel = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    _softplus_body,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
    interpret=True,
)


def loss(x, op=softplus_kernel):
    return jnp.sum(op(x))


print(jax.grad(loss)(jnp.arange(8.0, dtype=jnp.float32)))
