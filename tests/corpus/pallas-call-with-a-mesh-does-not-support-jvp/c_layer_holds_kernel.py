# corpus: label=positive styles=attribute,method batch=c
"""A layer stores a mesh kernel built in __init__ and calls it from __call__; the training
loss over the layer is differentiated."""

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
    def __init__(self, features, num_cores=1):
        mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=num_cores)
        self.kernel = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
            _relu_body,
            out_type=jax.ShapeDtypeStruct((features,), jnp.float32),
            mesh=mesh,
            interpret=True,
        )

    def __call__(self, x):
        return self.kernel(x)


layer = FusedRelu(features=8)


def loss(w, x):
    return jnp.sum(layer(w * x))


print(jax.grad(loss)(jnp.ones(8, jnp.float32), jnp.arange(8.0, dtype=jnp.float32)))
