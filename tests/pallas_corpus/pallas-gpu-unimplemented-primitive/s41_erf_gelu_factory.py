# corpus: label=positive styles=return batch=s41
"""A factory makes a Triton GELU kernel with the exact (erf) form: the Triton lowering has no
`erf`."""

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def make_gelu():
    def gelu(x_ref, o_ref):
        v = x_ref[...]
        cdf = jss.erf(v / 1.4142135)  # expect: pallas-gpu-unimplemented-primitive
        o_ref[...] = 0.5 * v * (1.0 + cdf)

    return gelu


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    make_gelu(),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
