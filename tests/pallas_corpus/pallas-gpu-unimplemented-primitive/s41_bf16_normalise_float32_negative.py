# corpus: label=negative styles=method batch=s41
"""The same normaliser dividing in float32 and casting back: the Triton lowering divides it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


class Normaliser:
    def kernel(self, x_ref, o_ref):
        v = x_ref[...].astype(jnp.float32)
        total = jnp.sum(v, axis=1, keepdims=True)
        o_ref[...] = (v / total).astype(o_ref.dtype)

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            compiler_params=plgpu.CompilerParams(num_warps=4),
            interpret=True,
        )(x)


x = jnp.ones((16, 128), jnp.bfloat16)
print(Normaliser()(x).sum())
