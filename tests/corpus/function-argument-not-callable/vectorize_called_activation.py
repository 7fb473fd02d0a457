"""A layer vectorizes its activation but passes the activation's result, not the function."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


def gelu(x):
    return 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x**3)))


class Layer:
    def __init__(self, width):
        self.w = jnp.ones((width, width))
        self.act = jnp.vectorize(gelu(self.w))

    def __call__(self, x):
        return self.act(x @ self.w)  # expect: function-argument-not-callable


print(Layer(4)(jnp.ones((2, 4))).shape)
