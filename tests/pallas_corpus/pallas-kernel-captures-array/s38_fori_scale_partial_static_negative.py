# corpus: label=negative styles=parameter,transform batch=s38
"""jax#23301 fixed: `scale` is a static argument of the jitted launcher, so the partial binds a
Python float, which the kernel's fori_loop body may read."""

import functools

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl


def kernel_func(A_ref, out_ref, scale: float, blocks: int, N: int):
    accum = jnp.zeros((N, N), dtype=jnp.float32)

    def body(idx, accum):
        tile = A_ref[idx, :, :]
        accum += tile * scale
        return accum

    out_tile = lax.fori_loop(0, blocks, body, accum)
    out_ref[:, :] = out_tile


@functools.partial(jax.jit, static_argnames=("scale",))
def f(A, scale):
    blocks, N, _ = A.shape
    in_specs = [pl.BlockSpec((blocks, N, N), lambda r, c: (0, 0, 0))]
    kernel = functools.partial(kernel_func, scale=scale, blocks=blocks, N=N)
    return pl.pallas_call(
        kernel,
        grid=(1, 1),
        in_specs=in_specs,
        out_shape=jax.ShapeDtypeStruct((N, N), A.dtype),
        name="f",
        interpret=True,
    )(A)


N = 64
A = jax.random.uniform(jax.random.PRNGKey(0), (5, N, N), dtype=jnp.float32)
print(f(A, scale=1.1).sum())
