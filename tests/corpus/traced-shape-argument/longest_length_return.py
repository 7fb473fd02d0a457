"""The padded width is what a helper returns (`lengths.max()`), traced under jit, used as a shape."""
# corpus: label=positive styles=return

import jax
import jax.numpy as jnp


def longest(lengths):
    return lengths.max()


@jax.jit
def pad_batch(lengths, pad_id):
    width = longest(lengths)
    return jnp.full((lengths.shape[0], width), pad_id)  # expect: traced-shape-argument


pad_batch(jnp.array([3, 5, 2]), 0)
