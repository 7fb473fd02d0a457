"""The mesh kernel is wrapped in jax.custom_vjp with a jnp backward, so grad never needs its JVP."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def _square_body(x_hbm, o_hbm):
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


square_kernel = pl.kernel(
    _square_body, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
)


@jax.custom_vjp
def square(x):
    return square_kernel(x)


def square_fwd(x):
    return square_kernel(x), x


def square_bwd(x, g):
    return (2.0 * x * g,)


square.defvjp(square_fwd, square_bwd)
x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.grad(lambda v: square(v).sum())(x))
print(jax.jit(jax.value_and_grad(lambda v: square(v).sum()))(x))
