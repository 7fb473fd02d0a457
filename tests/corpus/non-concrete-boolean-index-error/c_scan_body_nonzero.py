# corpus: label=positive styles=transform,helper batch=c
"""A scan over sequences counts the non-padding tokens of each by boolean indexing."""

import jax.numpy as jnp
from jax import lax

PAD = 0


def count_tokens(total, seq):
    real = seq[seq != PAD]  # expect: non-concrete-boolean-index-error
    return total + real.shape[0], real.shape[0]


seqs = jnp.array([[3, 4, 0, 0], [5, 0, 0, 0], [1, 2, 3, 4]])
print(lax.scan(count_tokens, 0, seqs))
