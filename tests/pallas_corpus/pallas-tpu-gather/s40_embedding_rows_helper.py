# corpus: label=positive styles=helper batch=s40
"""An embedding lookup written as in plain JAX inside a TPU kernel: a helper indexes the loaded
table with the block of token ids, a gather the TPU lowering refuses."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def lookup(table, ids):
    return table[ids]  # expect: pallas-tpu-gather


def embed_kernel(table_ref, ids_ref, o_ref):
    o_ref[...] = lookup(table_ref[...], ids_ref[...])


table = jnp.arange(64 * 128, dtype=jnp.float32).reshape(64, 128)
ids = jnp.arange(16, dtype=jnp.int32) % 64
out = pl.pallas_call(
    embed_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(table, ids)
print(out.sum())
