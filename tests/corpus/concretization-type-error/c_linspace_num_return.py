# corpus: label=positive styles=return,helper batch=c
"""The number of grid points comes back from a helper computed from the data range."""

import jax
import jax.numpy as jnp


def grid_size(lo, hi, resolution=0.5):
    return jnp.ceil((hi - lo) / resolution).astype(jnp.int32)


@jax.jit
def evaluate_grid(lo, hi):
    xs = jnp.linspace(lo, hi, grid_size(lo, hi))  # expect: concretization-type-error
    return jnp.sin(xs).sum()


print(evaluate_grid(0.0, 3.0))
