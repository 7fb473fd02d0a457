# corpus: label=negative styles=direct,transform batch=s39
"""The chunked reduction with its fix: each chunk is read through `pl.ds(i * CHUNK, CHUNK)`,
a window whose start may be traced and whose size is static."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

CHUNK = 8


def chunked_sum_kernel(x_ref, o_ref):
    def body(i, acc):
        return acc + x_ref[pl.ds(i * CHUNK, CHUNK), :]

    chunks = x_ref.shape[0] // CHUNK
    o_ref[...] = lax.fori_loop(0, chunks, body, jnp.zeros((CHUNK, 128), jnp.float32))


x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    chunked_sum_kernel,
    out_shape=jax.ShapeDtypeStruct((CHUNK, 128), jnp.float32),
    interpret=True,
)(x)
print(out.sum())
