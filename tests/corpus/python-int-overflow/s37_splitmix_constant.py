"""A splitmix64-style mixer over an index array, its constants written as Python literals."""

# corpus: label=positive styles=helper,module batch=s37
import jax.numpy as jnp

MIX = 0xBF58476D1CE4E5B9


def mix(ids):
    return ids * MIX  # expect: python-int-overflow


mix(jnp.arange(8))
