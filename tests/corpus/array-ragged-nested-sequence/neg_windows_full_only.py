"""The sliding windows, keeping only the full ones."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp


def windows(values, size, step):
    return [values[i : i + size] for i in range(0, len(values) - size + 1, step)]


series = [0.5, 1.0, 1.5, 2.0, 2.5]
print(jnp.array(windows(series, 2, 2)).shape)
