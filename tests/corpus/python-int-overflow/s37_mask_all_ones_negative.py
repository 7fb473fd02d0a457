"""A 16-bit mask of all ones, built with a shift, applied with jnp.bitwise_and."""

# corpus: label=negative styles=parameter batch=s37
import jax.numpy as jnp


def low_bits(x, width=16):
    mask = (1 << width) - 1
    return jnp.bitwise_and(x, mask)


low_bits(jnp.arange(4))
