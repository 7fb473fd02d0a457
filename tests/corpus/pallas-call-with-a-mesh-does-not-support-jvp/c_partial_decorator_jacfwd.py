# corpus: label=positive styles=transform batch=c
"""The kernel is declared with a functools.partial decorator over pl.kernel, and its Jacobian
is taken with jax.jacfwd."""

from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@partial(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    pl.kernel,
    out_type=jax.ShapeDtypeStruct((4,), jnp.float32),
    mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1),
    interpret=True,
)
def square(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = x_ref[...] * x_ref[...]
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


jacobian = jax.jacfwd(square)(jnp.arange(4.0, dtype=jnp.float32))
print(jacobian)
