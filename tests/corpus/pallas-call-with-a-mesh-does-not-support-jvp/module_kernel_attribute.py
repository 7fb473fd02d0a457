"""A hand-rolled Module builds its mesh kernel in __init__; its bound loss goes to jax.grad."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _bias_relu_body(x_hbm, b_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, b_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        pltpu.sync_copy(b_hbm, b_ref)
        o_ref[...] = jnp.maximum(x_ref[...] + b_ref[...], 0.0)
        pltpu.sync_copy(o_ref, o_hbm)

    pl.run_scoped(
        on_vmem,
        *[
            pltpu.VMEM(r.shape, r.dtype)
            for r in (
                x_hbm,
                b_hbm,
                o_hbm,
            )
        ],
    )


class BiasRelu:
    def __init__(self, rows, cols):
        self.mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
        self.kernel = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
            _bias_relu_body,
            out_type=jax.ShapeDtypeStruct((rows, cols), jnp.float32),
            mesh=self.mesh,
            interpret=True,
        )
        self.bias = jnp.zeros((rows, cols), jnp.float32)

    def __call__(self, x, bias):
        return self.kernel(x, bias)

    def loss(self, bias, x):
        return jnp.mean(self(x, bias))


layer = BiasRelu(8, 128)
print(jax.grad(layer.loss)(layer.bias, jnp.ones((8, 128), jnp.float32)))
