"""An EMA of the parameters through a helper written for an older JAX."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def ema(average, params, decay=0.9):
    def blend(a, p):
        return decay * a + (1 - decay) * p

    return jax.tree_map(blend, average, params)  # expect: jax-module-attribute-missing


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
average = ema(params, params)
