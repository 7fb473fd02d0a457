"""A flatten helper hard-codes MNIST's 784 pixels but gets colour images."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def flatten(images):
    batch = images.shape[0]
    return images.reshape(batch, 784)  # expect: reshape-size-mismatch


images = jnp.zeros((16, 28, 28, 3))
print(flatten(images).shape)
