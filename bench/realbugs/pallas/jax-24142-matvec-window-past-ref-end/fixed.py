# realbug: jax-24142-matvec-window-past-ref-end (fixed)
# source: https://github.com/jax-ml/jax/issues/24142
# The fix: the last window is the rows that are left (a window of `m - i_k` rows), so no
# window runs past the Ref's end.
from functools import partial

import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp


def _matvec_kernel(v_ref, m_ref, o_ref, *, block_size: int = 128):
    acc = jnp.zeros((block_size,), dtype=o_ref.dtype)
    rows = m_ref.shape[0]
    for i_k in range(0, rows, block_size):
        size = min(block_size, rows - i_k)
        x = v_ref[pl.dslice(i_k, size)]
        y = m_ref[pl.dslice(i_k, size), :]
        acc = acc + jnp.matmul(x, y).astype(acc.dtype)
    o_ref[:] = acc


@partial(jax.jit, static_argnames=["block_size", "interpret"])
def matvec(v, m, *, block_size: int = 128, interpret: bool = True):
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
