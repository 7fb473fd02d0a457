# corpus: label=negative styles=attribute,method batch=c
"""The layer's mesh kernel is only applied, eagerly and under jit; nothing differentiates it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _relu_body(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = jnp.maximum(x_ref[...], 0.0)
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


class FusedRelu:
    def __init__(self, features):
        mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
        self.kernel = pl.kernel(
            _relu_body,
            out_type=jax.ShapeDtypeStruct((features,), jnp.float32),
            mesh=mesh,
            interpret=True,
        )

    def __call__(self, x):
        return self.kernel(x)


layer = FusedRelu(features=8)
x = jnp.arange(8.0, dtype=jnp.float32) - 4.0
print(layer(x), jax.jit(layer.__call__)(x), jax.vmap(layer)(jnp.stack([x, x])))
