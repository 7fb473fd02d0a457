"""Single-channel images flattened as if they had three channels."""

# corpus: label=positive styles=helper,return
import jax.numpy as jnp


def load_batch():
    return jnp.zeros((8, 28, 28, 1))


def flatten(images):
    return images.reshape(images.shape[0], 28 * 28 * 3)  # expect: reshape-size-mismatch


flatten(load_batch())
