"""The position embeddings broadcast to the batch before the concatenation."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax.numpy as jnp


def sinusoid(seq, dim):
    pos = jnp.arange(seq)[:, None]
    freq = jnp.arange(dim)[None, :]
    return jnp.sin(pos / (10000.0 ** (freq / dim)))


def add_positions(x):
    pe = sinusoid(x.shape[1], x.shape[2])
    pe = jnp.broadcast_to(pe, x.shape)
    return jnp.concatenate([x, pe], axis=-1)


print(add_positions(jnp.ones((4, 10, 16))).shape)
