"""Two helpers build a padding mask and a causal mask of different lengths; they are combined."""
# corpus: label=positive styles=return,helper

import jax.numpy as jnp


def padding_mask(lengths, max_len):
    return jnp.arange(max_len)[None, :] < lengths[:, None]


def causal_mask(size):
    return jnp.tril(jnp.ones((size, size), dtype=bool))


pad = padding_mask(jnp.array([3, 5]), 8)
causal = causal_mask(6)
combined = pad[:, None, :] & causal  # expect: incompatible-shapes-for-broadcasting
print(combined.shape)
