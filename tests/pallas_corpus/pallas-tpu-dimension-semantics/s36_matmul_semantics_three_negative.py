# corpus: label=negative styles=parameter,transform batch=s36
"""The jitted tiled matmul names one semantics per grid axis, the reduction axis arbitrary."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BM, BN, BK = 128, 128, 128


def matmul_kernel(x_ref, y_ref, o_ref, acc_ref):
    @pl.when(pl.program_id(2) == 0)
    def _init():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
    def _store():
        o_ref[...] = acc_ref[...].astype(o_ref.dtype)


@functools.partial(jax.jit, static_argnames=("semantics",))
def matmul(x, y, semantics=("parallel", "parallel", "arbitrary")):
    m, k = x.shape
    n = y.shape[1]
    params = pltpu.CompilerParams(dimension_semantics=semantics)
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, k // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, kk: (i, kk)),
            pl.BlockSpec((BK, BN), lambda i, j, kk: (kk, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, kk: (i, j)),
        scratch_shapes=[pltpu.VMEM((BM, BN), jnp.float32)],
        compiler_params=params,
        interpret=True,
    )(x, y)


x = jnp.ones((256, 384), jnp.float32)
y = jnp.ones((384, 256), jnp.float32)
print(matmul(x, y).sum())
