"""A head-splitting helper forwards `*shape` to `reshape`; the caller asks for 4 heads of 3 for a width of 16."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax.numpy as jnp


def split_heads(x, *shape):
    return x.reshape(x.shape[0], *shape)  # expect: reshape-size-mismatch


q = jnp.ones((2, 16))
print(split_heads(q, 4, 3).shape)
