"""Sliding windows are slices of a Python list taken in a loop with a step that does not divide the length, so the last window is shorter."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def windows(seq, size):
    out = []
    for start in range(0, len(seq), size):
        out.append(seq[start : start + size])
    return out


tokens = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
print(jnp.asarray(windows(tokens, 4)))  # expect: array-ragged-nested-sequence
