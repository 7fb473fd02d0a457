# corpus: label=positive styles=method batch=s41
"""A normaliser class divides a bfloat16 block by its row sums inside a Triton kernel: the
Triton lowering divides only 32- and 64-bit floats."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


class Normaliser:
    def kernel(self, x_ref, o_ref):
        v = x_ref[...]
        total = jnp.sum(v, axis=1, keepdims=True)
        o_ref[...] = v / total  # expect: pallas-gpu-unimplemented-primitive

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            compiler_params=plgpu.CompilerParams(num_warps=4),
            interpret=True,
        )(x)


x = jnp.ones((16, 128), jnp.bfloat16)
print(Normaliser()(x).sum())
