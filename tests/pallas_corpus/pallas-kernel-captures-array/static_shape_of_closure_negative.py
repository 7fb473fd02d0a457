# corpus: label=negative styles=helper batch=pallas
"""A kernel reads only the static shape and dtype of an array it closes over (not its values):
nothing is captured."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_bias(x, bias_scale=0.5):
    def kernel(x_ref, o_ref):
        half = x.shape[0] // 2
        o_ref[:half] = x_ref[:half] + jnp.full((half, x.shape[1]), bias_scale, x.dtype)
        o_ref[half:] = x_ref[half:]

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(add_bias(jnp.ones((16, 128), jnp.float32)).sum())
