"""The per-feature embeddings concatenated on the feature axis, where widths may differ."""
# corpus: label=negative styles=helper,attribute batch=s25

import jax.numpy as jnp

WIDTHS = {"user": 8, "item": 8, "time": 4}


def embed(name, batch):
    return jnp.ones((batch, WIDTHS[name]))


def features(batch):
    parts = [embed(name, batch) for name in WIDTHS]
    return jnp.concatenate(parts, axis=1)


print(features(2).shape)
