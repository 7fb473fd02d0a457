# corpus: label=negative styles=method batch=s42
"""The same kernel asking for an int32 index (`lax.argmax`'s index_dtype): lowered."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

jax.config.update("jax_enable_x64", True)


def best_column(scores_ref, o_ref):
    scores = scores_ref[...]
    o_ref[...] = lax.argmax(scores, 1, jnp.int32)


scores = jnp.ones((16, 32), jnp.float32)
out = pl.pallas_call(
    best_column,
    out_shape=jax.ShapeDtypeStruct((16,), jnp.int32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(scores)
print(out)
