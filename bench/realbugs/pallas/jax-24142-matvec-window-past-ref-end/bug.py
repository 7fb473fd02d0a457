# realbug: jax-24142-matvec-window-past-ref-end
# source: https://github.com/jax-ml/jax/issues/24142
# kind: pallas-ref-window-out-of-bounds
# raises: ValueError: Out of bound slice
# The reporter's matrix-vector kernel: it walks the rows in steps of `block_size`, and the
# last window runs past the Ref's end when the row count is not a multiple of the block.
# The call's sizes are not in the report's text: 1000 rows is ours (the report's error text
# is not in it either). pl.load/pl.store, gone in 0.12, are written as Ref indexing
# (`pl.dslice(None)` as `:`); the brainstate import and environment settings are dropped;
# interpret=True added (the error is raised while the kernel is traced).
from functools import partial

import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp


def _matvec_kernel(
    v_ref,  # vector, [m, ]
    m_ref,  # matrix, [m, block_size]
    o_ref,  # output, [block_size]
    *,
    block_size: int = 128,
):
    acc = jnp.zeros((block_size,), dtype=o_ref.dtype)
    for i_k in range(0, m_ref.shape[0], block_size):
        x = v_ref[pl.dslice(i_k, block_size)]  # BUG
        y = m_ref[pl.dslice(i_k, block_size), :]  # BUG
        acc = acc + jnp.matmul(x, y).astype(acc.dtype)
    o_ref[:] = acc


@partial(jax.jit, static_argnames=["block_size", "interpret"])
def matvec(v, m, *, block_size: int = 128, interpret: bool = True):
    # y = v @ m, where v is a vector and m is a matrix
    dtype = jnp.result_type(v.dtype, m.dtype)
    kernel = pl.pallas_call(
        partial(_matvec_kernel, block_size=block_size),
        out_shape=jax.ShapeDtypeStruct((m.shape[1],), dtype),
        in_specs=[
            pl.BlockSpec(v.shape, lambda i: (0,)),
            pl.BlockSpec((m.shape[0], block_size), lambda i: (0, i)),
        ],
        out_specs=pl.BlockSpec((block_size,), lambda i: (i,)),
        grid=(pl.cdiv(m.shape[1], block_size),),
        interpret=interpret,
    )
    return kernel(v, m)


out = matvec(jnp.ones(1000), jnp.ones((1000, 1024)))
print(out.shape)
