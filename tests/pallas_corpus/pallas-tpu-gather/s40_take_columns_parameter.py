# corpus: label=positive styles=parameter,return batch=s40
"""A kernel factory takes the axis to permute as a parameter and reorders the loaded block's
columns with `jnp.take` by an index vector, a gather the TPU lowering refuses."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_permute(axis):
    def permute_kernel(x_ref, perm_ref, o_ref):
        block = x_ref[...]
        o_ref[...] = jnp.take(block, perm_ref[...], axis=axis)  # expect: pallas-tpu-gather

    return permute_kernel


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
perm = jnp.arange(128, dtype=jnp.int32)[::-1]
out = pl.pallas_call(
    make_permute(1),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x, perm)
print(out.sum())
