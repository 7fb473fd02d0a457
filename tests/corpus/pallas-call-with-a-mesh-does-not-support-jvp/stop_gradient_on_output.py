"""stop_gradient on the kernel's output does not help: JAX still forms the kernel's JVP first."""
# corpus: label=positive styles=helper,return

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


@pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)
def row_norm(x_hbm, o_hbm):
    # the operands stay in HBM: compute on VMEM copies
    def on_vmem(x_ref, o_ref):
        pltpu.sync_copy(x_hbm, x_ref)
        o_ref[...] = jnp.sqrt(x_ref[...] * x_ref[...] + 1e-6)
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


def normalizer(x):
    return lax.stop_gradient(row_norm(x))


def loss(x):
    return jnp.sum(x / normalizer(x))


print(jax.grad(loss)(jnp.arange(1.0, 9.0, dtype=jnp.float32)))
