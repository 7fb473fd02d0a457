# corpus: label=positive styles=helper,return batch=s40
"""A sampler's helper returns the logits at the chosen token ids, gathered from a (16, 256)
block of logits along its last axis: two registers' lanes, which Mosaic does not gather
across."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def chosen_logits(logits, token_ids):
    return jnp.take_along_axis(logits, token_ids, axis=1)  # expect: pallas-tpu-gather


def sample_kernel(logits_ref, ids_ref, o_ref):
    o_ref[...] = chosen_logits(logits_ref[...], ids_ref[...])


logits = jnp.ones((16, 256), jnp.float32)
ids = jnp.zeros((16, 128), jnp.int32)
out = pl.pallas_call(
    sample_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(logits, ids)
print(out.sum())
