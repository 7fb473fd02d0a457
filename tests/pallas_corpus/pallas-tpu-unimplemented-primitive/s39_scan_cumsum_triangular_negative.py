# corpus: label=negative styles=direct batch=s39
"""jax#21190's cumulative sum without `lax.scan`: each block's prefix sums are a matmul with a
lower-triangular matrix built from iotas, plus the carry of the blocks before it (kept as a
(1, d) row)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def cumsum_kernel(xref_Cxd, carryref_1xd, oref_Cxd):
    @pl.when(pl.program_id(axis=0) == 0)
    def _():
        carryref_1xd[...] = jnp.zeros_like(carryref_1xd)

    C = xref_Cxd.shape[0]
    rows = lax.broadcasted_iota(jnp.int32, (C, C), 0)
    cols = lax.broadcasted_iota(jnp.int32, (C, C), 1)
    lower = (cols <= rows).astype(jnp.float32)
    cs_Cxd = jnp.dot(lower, xref_Cxd[...], preferred_element_type=jnp.float32)
    cs_Cxd = cs_Cxd + carryref_1xd[...]
    carryref_1xd[...] = cs_Cxd[C - 1 :, :]
    oref_Cxd[...] = cs_Cxd


@jax.jit
def cumsum(x_Txd):
    T, d = x_Txd.shape
    C = 128
    return pl.pallas_call(
        cumsum_kernel,
        grid=(T // C,),
        in_specs=[pl.BlockSpec((C, d), lambda i: (i, 0))],
        out_specs=[
            pl.BlockSpec((1, d), lambda i: (0, 0)),
            pl.BlockSpec((C, d), lambda i: (i, 0)),
        ],
        out_shape=[
            jax.ShapeDtypeStruct((1, d), x_Txd.dtype),
            jax.ShapeDtypeStruct(x_Txd.shape, x_Txd.dtype),
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)),
        interpret=True,
    )(x_Txd)


x_Txd = jax.random.normal(jax.random.PRNGKey(0), (1280, 256))
carry_d, cs_Txd = cumsum(x_Txd)
print(float(jnp.max(jnp.abs(cs_Txd - jnp.cumsum(x_Txd, axis=0)))))
