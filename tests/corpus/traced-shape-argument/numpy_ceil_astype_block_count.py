"""A helper computes the block count with NumPy from static sizes; the jitted solver allocates with it."""
# corpus: label=negative styles=helper
# realcode: cause E

import jax
import jax.numpy as jnp
import numpy as np


def num_blocks(n, block_size):
    return np.ceil(n / block_size).astype(int)


@jax.jit
def blocked_potentials(cost):
    n = cost.shape[0]
    blocks = num_blocks(n, 3)
    padded = jnp.zeros(blocks * 3).at[:n].set(cost.sum(axis=1))
    return padded.reshape(blocks, 3) + jnp.ones(np.ceil(n / 3).astype(int))[:, None]


blocked_potentials(jnp.ones((7, 7)))
