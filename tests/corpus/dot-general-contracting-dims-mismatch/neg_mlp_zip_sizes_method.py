"""An MLP class builds its layers from zip(sizes[:-1], sizes[1:]) in a comprehension and is
applied to inputs as wide as its first layer."""
# corpus: label=negative styles=method,attribute batch=e

import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, sizes, scale=0.1):
        pairs = zip(sizes[:-1], sizes[1:])  # noqa: RUF007
        self.layers = [(jnp.ones((m, n)) * scale, jnp.zeros(n)) for m, n in pairs]

    def __call__(self, x):
        for w, b in self.layers:
            x = jax.nn.relu(x @ w + b)
        return x


MLP([4, 16, 1])(jnp.ones((5, 4)))
