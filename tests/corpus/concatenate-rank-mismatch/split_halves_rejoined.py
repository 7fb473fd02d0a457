"""The halves of a split are joined with the original along the split axis, with a rank mismatch."""
# corpus: label=positive styles=return,direct

import jax.numpy as jnp

x = jnp.ones((6, 8))
left, right = jnp.split(x, 2, axis=-1)
summary = left.mean(axis=0)
print(jnp.concatenate([right, summary]).shape)  # expect: concatenate-rank-mismatch
