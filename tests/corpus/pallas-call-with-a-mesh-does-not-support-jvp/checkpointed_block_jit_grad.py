"""A rematerialised block (jax.checkpoint) calls the mesh kernel; jax.jit(jax.grad(...)) of it."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def _gelu_body(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        x = x_ref[...]
        o_ref[...] = 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x * x * x)))
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


gelu = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    _gelu_body, out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh, interpret=True
)


@jax.checkpoint
def block(w, x):
    return gelu(x @ w)


def loss(w, x):
    return jnp.mean(block(w, x) ** 2)


w = jnp.eye(128, dtype=jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
print(jax.jit(jax.grad(loss))(w, x).shape)
