# realbug: tidy3d-1038-devicearray-import (fixed)
# source: https://github.com/flexcompute/tidy3d/pull/1038
import jax
import jax.numpy as jnp


def is_jax_array(value) -> bool:
    return isinstance(value, jax.Array)


print(is_jax_array(jnp.ones(3)))
