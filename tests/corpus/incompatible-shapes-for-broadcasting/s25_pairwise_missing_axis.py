"""Pairwise distances where the second operand gets its new axis in the wrong place: (4, 1, 3) against (6, 1, 3)."""
# corpus: label=positive styles=helper,return batch=s25

import jax
import jax.numpy as jnp


def pairwise(a, b):
    diff = a[:, None] - b[:, None]  # expect: incompatible-shapes-for-broadcasting
    return jnp.sqrt((diff**2).sum(-1))


print(jax.jit(pairwise)(jnp.ones((4, 3)), jnp.ones((6, 3))).shape)
