"""A sequence is cut into chunks by slicing in a loop with a step that does not divide its length; the chunks are stacked, and the last is short."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def chunk(x, size):
    chunks = []
    for start in range(0, x.shape[0], size):
        chunks.append(x[start : start + size])
    return chunks


seq = jnp.arange(10.0)
print(jnp.stack(chunk(seq, 3)))  # expect: concatenate-rank-mismatch
