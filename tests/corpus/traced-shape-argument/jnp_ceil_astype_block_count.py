"""The block count helper uses `jnp.ceil(...).astype(int)`: under jit it is a tracer, not a shape."""
# corpus: label=positive styles=helper
# realcode: cause E

import jax
import jax.numpy as jnp


def num_blocks(n, block_size):
    return jnp.ceil(n / block_size).astype(int)


@jax.jit
def blocked_potentials(cost):
    n = cost.shape[0]
    blocks = num_blocks(n, 3)
    return jnp.ones(blocks)  # expect: traced-shape-argument


blocked_potentials(jnp.ones((7, 7)))
