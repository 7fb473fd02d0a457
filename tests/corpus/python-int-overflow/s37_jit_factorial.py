"""A count computed in Python (2**64) passed to a jitted normaliser."""

# corpus: label=positive styles=transform,return batch=s37
import jax
import jax.numpy as jnp


@jax.jit
def normalise(x, count):
    return x / count


normalise(jnp.ones(3), 2**64)  # expect: python-int-overflow
