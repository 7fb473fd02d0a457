"""Position embeddings (seq, dim) are concatenated onto a batched (batch, seq, dim) input."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax.numpy as jnp


def sinusoid(seq, dim):
    pos = jnp.arange(seq)[:, None]
    freq = jnp.arange(dim)[None, :]
    return jnp.sin(pos / (10000.0 ** (freq / dim)))


def add_positions(x):
    pe = sinusoid(x.shape[1], x.shape[2])
    return jnp.concatenate([x, pe], axis=-1)  # expect: concatenate-rank-mismatch


print(add_positions(jnp.ones((4, 10, 16))).shape)
