"""A mixer over an index array with its constant cut to 32 bits first."""

# corpus: label=negative styles=helper,module batch=s37
import jax.numpy as jnp

MIX = 0xBF58476D1CE4E5B9 % 2**31


def mix(ids):
    return ids * MIX


mix(jnp.arange(8))
