"""The mesh kernel only preprocesses the data; jax.grad is taken with respect to the weights."""
# corpus: label=negative styles=parameter,helper

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


@pl.kernel(out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh, interpret=True)
def standardize(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        x = x_ref[...]
        o_ref[...] = (x - jnp.mean(x)) / (jnp.std(x) + 1e-6)
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


def loss(w, x):
    features = standardize(x)
    return jnp.mean((features @ w) ** 2)


w = jnp.full((128, 4), 0.01, jnp.float32)
x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
print(jax.grad(loss)(w, x).shape)
