# corpus: label=positive styles=transform batch=pallas
"""Under jax.jit, the aliased output is declared with half the rows of its input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def top_half_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[:8, :]


@jax.jit
def top_half(x):
    return pl.pallas_call(  # expect: pallas-input-output-aliases
        top_half_kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), x.dtype),
        input_output_aliases={0: 0},
        interpret=True,
    )(x)


print(top_half(jnp.ones((16, 128), jnp.float32)).sum())
