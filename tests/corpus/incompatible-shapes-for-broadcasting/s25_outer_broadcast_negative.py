"""Pairwise distances by broadcasting (n, 1, d) against (1, m, d)."""
# corpus: label=negative styles=helper,return batch=s25

import jax
import jax.numpy as jnp


def pairwise(a, b):
    diff = a[:, None, :] - b[None, :, :]
    return jnp.sqrt((diff**2).sum(-1))


print(jax.jit(pairwise)(jnp.ones((4, 3)), jnp.ones((6, 3))).shape)
