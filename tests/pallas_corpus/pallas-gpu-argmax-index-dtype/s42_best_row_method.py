# corpus: label=positive styles=method batch=s42
"""A double-precision program with a Triton kernel that picks each row's best column with the
`argmax` method: its index is an int64, which the Triton lowering refuses."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

jax.config.update("jax_enable_x64", True)


def best_column(scores_ref, o_ref):
    scores = scores_ref[...]
    o_ref[...] = scores.argmax(axis=1).astype(jnp.int32)  # expect: pallas-gpu-argmax-index-dtype


scores = jnp.ones((16, 32), jnp.float32)
out = pl.pallas_call(
    best_column,
    out_shape=jax.ShapeDtypeStruct((16,), jnp.int32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(scores)
print(out)
