# corpus: label=positive styles=return batch=s42
"""A factory returns a Triton kernel that writes each row's best column; the module runs in
64-bit mode, so the argmax's index is an int64, which the Triton lowering refuses."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

jax.config.update("jax_enable_x64", True)


def make_best(axis):
    def best(s_ref, o_ref):
        o_ref[...] = jnp.argmax(s_ref[...], axis=axis)  # expect: pallas-gpu-argmax-index-dtype

    return best


s = jnp.ones((16, 32), jnp.float32)
out = pl.pallas_call(
    make_best(1),
    out_shape=jax.ShapeDtypeStruct((16,), jnp.int64),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(s)
print(out)
