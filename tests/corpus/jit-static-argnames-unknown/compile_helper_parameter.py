"""A compile helper takes static names from its caller; the caller names a parameter f lacks."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def compile_fn(fn, static=()):
    return jax.jit(fn, static_argnames=static)  # expect: jit-static-argnames-unknown


def pool(x, window, stride):
    n = (x.shape[0] - window) // stride + 1
    return jnp.stack([x[i * stride : i * stride + window].max() for i in range(n)])


pool_jit = compile_fn(pool, static=("window", "strides"))
print(pool_jit(jnp.arange(10.0), window=3, stride=2))
