# corpus: label=positive styles=parameter batch=c
"""The loss takes the kernel as a parameter; grad differentiates with respect to the input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _double(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = 2.0 * x_ref[...]
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


double = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    _double,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
    interpret=True,
)


def loss(kernel, x):
    return jnp.sum(kernel(x) ** 2)


grad_x = jax.grad(loss, argnums=1)
print(grad_x(double, jnp.ones(8, jnp.float32)))
