"""A scalar activation uses Python's max, and is mapped over an array with jax.lax.map."""
# corpus: label=positive styles=transform,return batch=s25

import jax.numpy as jnp
from jax import lax


def leaky(v, slope=0.01):
    return max(v, slope * v)  # expect: tracer-bool-conversion-error


print(lax.map(leaky, jnp.linspace(-1.0, 1.0, 5)))
