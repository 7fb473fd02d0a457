"""The helper is asked for 4 heads of 4."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax.numpy as jnp


def split_heads(x, *shape):
    return x.reshape(x.shape[0], *shape)


q = jnp.ones((2, 16))
print(split_heads(q, 4, 4).shape)
