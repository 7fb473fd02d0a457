import jax.numpy as jnp


class Block:
    def __init__(self, width):
        self.w = jnp.ones((width, width))

    def __call__(self, x):
        h = x @ self.w
        return h.reshape(h.shape[0], -1, 5)  # expect: reshape-size-mismatch
