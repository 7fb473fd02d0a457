"""The windows stop where a full window still fits, so every row has the same length."""
# corpus: label=negative styles=helper,return batch=s26

import jax.numpy as jnp


def windows(seq, size):
    out = []
    for start in range(0, len(seq) - size + 1, size):
        out.append(seq[start : start + size])
    return out


tokens = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
print(jnp.asarray(windows(tokens, 4)))
