# corpus: label=positive styles=return batch=s39
"""The same factory built with `use_bias=True`: the branch traces and the kernel captures the
closed-over bias."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

bias = jnp.ones((8, 128), jnp.float32)


def make_kernel(use_bias: bool):
    def kernel(x_ref, o_ref):
        if use_bias:
            o_ref[...] = x_ref[...] + bias  # expect: pallas-kernel-captures-array
        else:
            o_ref[...] = x_ref[...] * 2.0

    return kernel


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    make_kernel(use_bias=True), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out.sum())
