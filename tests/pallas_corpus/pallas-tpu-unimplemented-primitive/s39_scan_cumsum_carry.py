# corpus: label=positive styles=direct,transform batch=s39
"""jax#21190: a cumulative-sum kernel runs `lax.scan` over the rows of its block, carrying the
running sum across grid steps in a 1-D output block; interpret mode runs it, the reporter's
TPU did not."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def cumsum_kernel(xref_Cxd, carryref_d, oref_Cxd):
    @pl.when(pl.program_id(axis=0) == 0)
    def _():
        carryref_d[...] = jnp.zeros_like(carryref_d)

    carry_d = carryref_d[...]
    x_Cxd = xref_Cxd[...]

    def inner(_carry_d, x_d):
        _carry_d = _carry_d + x_d
        return _carry_d, _carry_d

    carry_d, cs_Cxd = jax.lax.scan(  # expect: pallas-tpu-unimplemented-primitive
        inner, carry_d, x_Cxd, length=x_Cxd.shape[0]
    )
    carryref_d[...] = carry_d
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
            pl.BlockSpec((d,), lambda i: (0,)),
            pl.BlockSpec((C, d), lambda i: (i, 0)),
        ],
        out_shape=[
            jax.ShapeDtypeStruct((d,), x_Txd.dtype),
            jax.ShapeDtypeStruct(x_Txd.shape, x_Txd.dtype),
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)),
        interpret=True,
    )(x_Txd)


x_Txd = jax.random.normal(jax.random.PRNGKey(0), (1280, 256))
carry_d, cs_Txd = cumsum(x_Txd)
print(float(jnp.max(jnp.abs(cs_Txd - jnp.cumsum(x_Txd, axis=0)))))
