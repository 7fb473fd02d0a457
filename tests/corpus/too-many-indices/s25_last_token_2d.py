"""A pooling helper takes the last token with `[:, -1, :]`, but the encoder already returns (batch, dim)."""
# corpus: label=positive styles=helper,return batch=s25

import jax.numpy as jnp


def encode(x, w):
    return jnp.tanh(x.mean(axis=1) @ w)


def last_token(h):
    return h[:, -1, :]  # expect: too-many-indices


print(last_token(encode(jnp.ones((2, 5, 4)), jnp.ones((4, 8)))).shape)
