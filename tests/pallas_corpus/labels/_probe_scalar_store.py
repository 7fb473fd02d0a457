"""A probe run on the TPU (its outcome is in tpu-v5e-jax-0.10.2.json as probe/...): a kernel
storing a scalar (program_id) into a VMEM ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[0, 0] = pl.program_id(0)


x = jnp.ones((16, 128), jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
print(
    pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x).sum()
)
