"""The sequence length is a multiple of the chunk size, so every chunk has one shape."""
# corpus: label=negative styles=helper,return batch=s26

import jax.numpy as jnp


def chunk(x, size):
    chunks = []
    for start in range(0, x.shape[0], size):
        chunks.append(x[start : start + size])
    return chunks


seq = jnp.arange(9.0)
print(jnp.stack(chunk(seq, 3)))
