"""Masked reductions written without boolean indexing."""

import jax.numpy as jnp


def masked_mean(values, mask):
    total = jnp.where(mask, values, 0.0).sum()
    return total / jnp.maximum(mask.sum(), 1)


def top_positive(values, k=2):
    (idx,) = jnp.nonzero(values > 0, size=k, fill_value=0)
    return values[idx]
