# corpus: label=positive styles=parameter,transform batch=s38
"""jax#23301: a jitted launcher binds its traced `scale` to the kernel with functools.partial,
and the kernel's fori_loop body multiplies each tile by it: the kernel captures the tracer."""

import functools

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl


def kernel_func(A_ref, out_ref, scale: float, blocks: int, N: int):
    accum = jnp.zeros((N, N), dtype=jnp.float32)

    def body(idx, accum):
        tile = A_ref[idx, :, :]
        accum += tile * scale  # expect: pallas-kernel-captures-array
        return accum

    out_tile = lax.fori_loop(0, blocks, body, accum)
    out_ref[:, :] = out_tile


@jax.jit
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
print(f(A, 1.1).sum())
