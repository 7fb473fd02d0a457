"""What a helper returns (`mask.sum()`, traced under jit) is turned into a slice bound with `int()`."""
# corpus: label=positive styles=return

import jax
import jax.numpy as jnp


def count_valid(mask):
    return mask.sum()


@jax.jit
def first_valid(x, mask):
    n = count_valid(mask)
    return jnp.sort(x)[: int(n)]  # expect: concretization-type-error


first_valid(jnp.array([3.0, 1.0, 2.0]), jnp.array([True, True, False]))
