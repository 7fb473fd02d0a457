# corpus: label=positive styles=helper,return batch=c
"""Auxiliary streams are picked out of a batch with a dict comprehension; the batch has none,
so scan gets an empty dict to scan over."""

import jax.numpy as jnp
from jax import lax


def aux_streams(batch, prefix="aux_"):
    return {name: value for name, value in batch.items() if name.startswith(prefix)}


def accumulate(carry, aux):
    return carry + sum(v.sum() for v in aux.values()), None


batch = {"inputs": jnp.ones((4, 3)), "targets": jnp.zeros(4)}
total, _ = lax.scan(accumulate, 0.0, aux_streams(batch))  # expect: scan-no-length
print(total)
