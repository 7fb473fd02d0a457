# corpus: label=positive styles=parameter,transform batch=c
"""A jitted function zeroes the padding positions of a sequence with item assignment."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("pad_from",))
def zero_padding(tokens, pad_from):
    tokens[pad_from:] = 0  # expect: immutable-array-item-assignment
    return tokens


batch = jnp.arange(8)
print(zero_padding(batch, pad_from=5))
