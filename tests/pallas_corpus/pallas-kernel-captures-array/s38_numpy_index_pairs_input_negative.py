# corpus: label=negative styles=direct batch=s38
"""jax#21557 fixed as the maintainers asked: the index array is an input of the kernel (with
its own BlockSpec), read from its Ref."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


def kernel(idx_ref, src, dst):
    indices = idx_ref[...]
    dst[...] = jnp.zeros(dst.shape, dst.dtype)
    dst[indices] = src[indices]


@jax.jit
def func(src):
    indices = jnp.asarray(np.arange(4).reshape(2, 2), jnp.int32)
    call = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(src.shape, src.dtype),
        in_specs=[
            pl.BlockSpec(indices.shape, lambda i: (0, 0)),
            pl.BlockSpec(src.shape, lambda i: (0,)),
        ],
        grid=(1,),
        interpret=True,
    )
    return call(indices, src)


print(func(jnp.arange(32, dtype=jnp.float32)).sum())
