"""A huge integer exponent: `**` keeps an int exponent as it is (no conversion to an array),
and a float constant in place of a huge int."""

# corpus: label=negative styles=transform,direct batch=s37
import jax
import jax.numpy as jnp


@jax.jit
def damp(x):
    return (x * 0.5) ** (2**64) + x * float(2**64)


damp(jnp.ones(3))
