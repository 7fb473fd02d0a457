"""The mesh kernel from a factory runs forward only (eager and under jit), never differentiated."""
# corpus: label=negative styles=attribute

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
    return pl.kernel(body, out_type=jax.ShapeDtypeStruct(shape, dtype), mesh=mesh, interpret=True)


scale_by_3 = make_scale(3.0, (16,))
x = jnp.ones(16, jnp.float32)
print(scale_by_3(x))
print(jax.jit(lambda v: jnp.sum(scale_by_3(v) ** 2))(x))
