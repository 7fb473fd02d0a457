"""Raises ValueError: an einsum subscript with two letters for an operand of three axes."""

import jax.numpy as jnp

x = jnp.ones((8, 3, 4))
w = jnp.ones((4, 5))
jnp.einsum("ij,jk->ik", x, w)
