"""A config helper returns its bounds with the upper one missing, and they become an array."""
# corpus: label=positive styles=return,helper batch=s42

import jax.numpy as jnp


def bounds(config):
    return (config.get("low", 0.0), None)


low_high = jnp.asarray(bounds({"low": -1.0}))  # expect: array-none-value
print(low_high)
