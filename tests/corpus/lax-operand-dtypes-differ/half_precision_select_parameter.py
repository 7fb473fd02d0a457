"""A masking helper selects between bfloat16 activations and a float32 fill passed in."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def masked(activations, mask, fill):
    filler = jnp.full(activations.shape, fill)
    return lax.select(mask, activations, filler)  # expect: lax-operand-dtypes-differ


acts = jnp.ones((2, 3), jnp.bfloat16)
masked(acts, acts > 0, -1.0)
