"""An EMA helper that imports the removed jax.tree_map where it needs it."""
# corpus: label=positive styles=helper

import jax.numpy as jnp


def ema(average, params, decay=0.9):
    from jax import tree_map  # expect: jax-import-name-missing

    return tree_map(lambda a, p: decay * a + (1 - decay) * p, average, params)


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
average = ema(params, params)
