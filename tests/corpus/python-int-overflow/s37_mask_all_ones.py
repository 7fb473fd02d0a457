"""A 64-bit mask of all ones, built with a shift, applied with jnp.bitwise_and."""

# corpus: label=positive styles=parameter batch=s37
import jax.numpy as jnp


def low_bits(x, width=64):
    mask = (1 << width) - 1
    return jnp.bitwise_and(x, mask)  # expect: python-int-overflow


low_bits(jnp.arange(4))
