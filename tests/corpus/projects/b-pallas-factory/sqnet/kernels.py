"""Pallas kernels: a factory builds a squaring kernel over a TensorCore mesh for a given shape."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _square_body(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        x = x_ref[...]
        o_ref[...] = x * x
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


def make_square(shape, dtype=jnp.float32, interpret=True):
    mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
    return pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
        _square_body,
        out_type=jax.ShapeDtypeStruct(shape, dtype),
        mesh=mesh,
        interpret=interpret,
    )
