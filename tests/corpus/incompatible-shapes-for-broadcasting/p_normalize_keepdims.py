"""Per-row statistics kept as columns (keepdims) normalise the rows they came from."""

# corpus: label=negative styles=helper,return
import jax.numpy as jnp


def stats(x):
    return x.mean(axis=1, keepdims=True), x.std(axis=1, keepdims=True)


def normalize(x):
    mean, std = stats(x)
    return (x - mean) / (std + 1e-6)


normalize(jnp.ones((4, 3)))
