"""The same layer vectorizing the activation function itself."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


def gelu(x):
    return 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x**3)))


class Layer:
    def __init__(self, width):
        self.w = jnp.ones((width, width))
        self.act = jnp.vectorize(gelu)

    def __call__(self, x):
        return self.act(x @ self.w)


print(Layer(4)(jnp.ones((2, 4))).shape)
