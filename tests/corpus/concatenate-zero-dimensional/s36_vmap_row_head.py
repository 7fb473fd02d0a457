"""Each row's first element moved to its end, under vmap: the element is a scalar."""

# corpus: label=positive styles=parameter,transform batch=s36
import jax
import jax.numpy as jnp


def rotate(row):
    return jnp.concatenate([row[0], row[1:]])  # expect: concatenate-zero-dimensional


jax.vmap(rotate)(jnp.ones((4, 5)))
