"""Code for several JAX versions: it looks the old name up before using it."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp

tree_map = jax.tree_map if hasattr(jax, "tree_map") else jax.tree.map


def ema(average, params, decay=0.9):
    return tree_map(lambda a, p: decay * a + (1 - decay) * p, average, params)


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
average = ema(params, params)
