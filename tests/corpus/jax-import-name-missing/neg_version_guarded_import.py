"""A helper that imports the old tree_map only on the JAX releases that had it."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp

if jax.__version_info__ < (0, 4, 26):
    from jax import tree_map
else:
    tree_map = jax.tree.map


def ema(average, params, decay=0.9):
    return tree_map(lambda a, p: decay * a + (1 - decay) * p, average, params)


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
average = ema(params, params)
