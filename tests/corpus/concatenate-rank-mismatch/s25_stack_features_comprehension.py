"""Per-feature embeddings built in a comprehension have different widths, and jnp.stack joins them."""
# corpus: label=positive styles=helper,attribute batch=s25

import jax.numpy as jnp

WIDTHS = {"user": 8, "item": 8, "time": 4}


def embed(name, batch):
    return jnp.ones((batch, WIDTHS[name]))


def features(batch):
    parts = [embed(name, batch) for name in WIDTHS]
    return jnp.stack(parts, axis=1)  # expect: concatenate-rank-mismatch


print(features(2).shape)
