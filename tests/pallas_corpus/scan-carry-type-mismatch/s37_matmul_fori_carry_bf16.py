# corpus: label=positive styles=direct batch=s37
"""A bfloat16 matmul kernel walks its K dimension with `lax.fori_loop` (as the in-kernel loops
of jax's ops/tpu/matmul examples) but starts the accumulator in the inputs' dtype; the body
returns float32 (`preferred_element_type`), so the carry changes type."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

BK = 128


def matmul_kernel(x_ref, w_ref, o_ref):
    n_k = x_ref.shape[1] // BK

    def body(k, acc):
        x = x_ref[:, pl.ds(k * BK, BK)]
        w = w_ref[pl.ds(k * BK, BK), :]
        return acc + jnp.dot(x, w, preferred_element_type=jnp.float32)

    acc0 = jnp.zeros(o_ref.shape, x_ref.dtype)
    acc = lax.fori_loop(0, n_k, body, acc0)  # expect: scan-carry-type-mismatch
    o_ref[...] = acc.astype(o_ref.dtype)


def matmul(x, w, bm=128, bn=128):
    m, k = x.shape
    n = w.shape[1]
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // bm, n // bn),
        in_specs=[
            pl.BlockSpec((bm, k), lambda i, j: (i, 0)),
            pl.BlockSpec((k, bn), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, j)),
        interpret=True,
    )(x, w)


x = jnp.ones((256, 512), jnp.bfloat16)
w = jnp.ones((512, 256), jnp.bfloat16)
print(matmul(x, w).astype(jnp.float32).sum())
