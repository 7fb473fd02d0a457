# corpus: label=positive styles=direct,transform batch=s39
"""A reduction kernel sums its block in chunks of 8 rows with lax.fori_loop and slices the
Ref with a Python slice of the loop counter: the bounds are tracers, and indexing a Ref with
them asks whether a tracer is negative (the real kernels' way is `pl.ds(start, size)`)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

CHUNK = 8


def chunked_sum_kernel(x_ref, o_ref):
    def body(i, acc):
        return acc + x_ref[i * CHUNK : (i + 1) * CHUNK, :]  # expect: tracer-bool-conversion-error

    chunks = x_ref.shape[0] // CHUNK
    o_ref[...] = lax.fori_loop(0, chunks, body, jnp.zeros((CHUNK, 128), jnp.float32))


x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    chunked_sum_kernel,
    out_shape=jax.ShapeDtypeStruct((CHUNK, 128), jnp.float32),
    interpret=True,
)(x)
print(out.sum())
