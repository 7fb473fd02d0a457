# corpus: label=positive styles=direct batch=s38
"""jax#21557: a kernel gathers and scatters through a NumPy index array it builds in its body;
tracing the kernel makes the array a constant the kernel captures."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


def kernel(src, dst):
    indices = np.arange(4).reshape(2, 2)
    dst[...] = jnp.zeros(dst.shape, dst.dtype)
    dst[indices] = src[indices]  # expect: pallas-kernel-captures-array


@jax.jit
def func(src):
    call = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(src.shape, src.dtype),
        in_specs=[pl.BlockSpec(src.shape, lambda i: (0,))],
        grid=(1,),
        interpret=True,
    )
    return call(src)


print(func(jnp.arange(32, dtype=jnp.float32)).sum())
