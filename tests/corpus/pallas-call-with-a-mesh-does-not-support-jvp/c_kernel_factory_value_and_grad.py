# corpus: label=positive styles=attribute,helper batch=c
"""A factory builds a scaling kernel over a TensorCore mesh; the loss that calls it is
differentiated with value_and_grad."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MESH = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def make_scale_kernel(factor, size):
    def body(x_hbm, o_hbm):
        # the operands stay in HBM: compute on VMEM copies
        def on_vmem(x_ref, o_ref):
            pltpu.sync_copy(x_hbm, x_ref)
            o_ref[...] = x_ref[...] * factor
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

    return pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
        body,
        out_type=jax.ShapeDtypeStruct((size,), jnp.float32),
        mesh=MESH,
        interpret=True,
    )


scale3 = make_scale_kernel(3.0, 8)


def loss(x, target):
    return jnp.mean((scale3(x) - target) ** 2)


x = jnp.ones(8, jnp.float32)
print(jax.value_and_grad(loss)(x, jnp.zeros(8, jnp.float32)))
