"""Sliding windows cut by a helper from a Python list; the last window is shorter, and the windows are stacked with jnp.array."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def windows(values, size, step):
    return [values[i : i + size] for i in range(0, len(values), step)]


series = [0.5, 1.0, 1.5, 2.0, 2.5]
print(jnp.array(windows(series, 2, 2)).shape)  # expect: array-ragged-nested-sequence
