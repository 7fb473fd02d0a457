"""An einsum inside a vmapped head uses one letter for the query and key lengths, which differ."""
# corpus: label=positive styles=transform,helper batch=s25

import jax
import jax.numpy as jnp


def head(q, k):
    return jnp.einsum("td,td->t", q, k)  # expect: einsum-subscripts-mismatch


print(jax.vmap(head)(jnp.ones((2, 7, 8)), jnp.ones((2, 9, 8))).shape)
