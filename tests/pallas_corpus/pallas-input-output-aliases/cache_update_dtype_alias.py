# corpus: label=positive styles=helper,attribute batch=pallas
"""A KV-cache update aliases the float32 cache to a bfloat16 output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def write_kernel(cache_ref, new_ref, o_ref):
    o_ref[...] = (cache_ref[...] + new_ref[...]).astype(o_ref.dtype)


class KVCache:
    def __init__(self):
        self.cache = jnp.zeros((8, 128), jnp.float32)
        self.out_dtype = jnp.bfloat16


def update(kv, new):
    return pl.pallas_call(  # expect: pallas-input-output-aliases
        write_kernel,
        out_shape=jax.ShapeDtypeStruct(kv.cache.shape, kv.out_dtype),
        input_output_aliases={0: 0},
        interpret=True,
    )(kv.cache, new)


print(update(KVCache(), jnp.ones((8, 128), jnp.float32)).sum())
