"""A jitted function that reads a table of scales with its argument."""

# corpus: label=positive styles=parameter,transform batch=s36
import jax
import jax.numpy as jnp

SCALES = {0: 1.0, 1: 0.5}


@jax.jit
def scaled(x, level):
    return x * SCALES[level]  # expect: unhashable-jax-array


scaled(jnp.ones(3), 1)
