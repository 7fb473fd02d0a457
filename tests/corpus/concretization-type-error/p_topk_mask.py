"""A helper keeps the positive entries with jnp.nonzero (no size) inside vmap."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


def keep_positive(x):
    idx = jnp.nonzero(x > 0)  # expect: concretization-type-error
    return x[idx]


@jax.vmap
def per_row(row):
    return keep_positive(row).sum()


per_row(jnp.ones((3, 4)))
