"""Attention scores with an ellipsis einsum over batched heads."""
# corpus: label=negative styles=helper,parameter batch=s25

import jax.numpy as jnp


def scores(q, k):
    return jnp.einsum("...qd,...kd->...qk", q, k)


print(scores(jnp.ones((2, 4, 7, 8)), jnp.ones((2, 4, 9, 8))).shape)
