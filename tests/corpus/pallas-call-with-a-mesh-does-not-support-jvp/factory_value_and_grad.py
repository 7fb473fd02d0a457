"""A factory returns a scaling mesh kernel; a training step unpacks jax.value_and_grad of it."""
# corpus: label=positive styles=attribute,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_scale(scale, shape, dtype=jnp.float32):
    def body(x_hbm, o_hbm):
        # the operands stay in HBM: compute on VMEM copies
        def on_vmem(x_ref, o_ref):
            pltpu.sync_copy(x_hbm, x_ref)
            o_ref[...] = x_ref[...] * scale
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

    mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
    return pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
        body, out_type=jax.ShapeDtypeStruct(shape, dtype), mesh=mesh, interpret=True
    )


scale_by_3 = make_scale(3.0, (16,))


def loss(w):
    return jnp.sum(scale_by_3(w) ** 2)


def train_step(w, lr=0.01):
    value, grad = jax.value_and_grad(loss)(w)
    return value, w - lr * grad


print(train_step(jnp.ones(16, jnp.float32)))
