"""Merging the two leading axes with -1 and the rest of the shape."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def merge_leading(x):
    return x.reshape(-1, *x.shape[2:])


print(merge_leading(jnp.ones((4, 6, 5, 3))).shape)
