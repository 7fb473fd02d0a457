"""A ReLU helper written with `lax.max(x, 0)`; lax does not promote the integer zero to the float activations."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax.numpy as jnp
from jax import lax


def relu(x):
    return lax.max(x, 0)  # expect: lax-operand-dtypes-differ


class MLP:
    def __init__(self, sizes):
        self.weights = [jnp.ones((m, n)) for m, n in zip(sizes[:-1], sizes[1:])]  # noqa: RUF007

    def __call__(self, x):
        for w in self.weights:
            x = relu(x @ w)
        return x


print(MLP([3, 4, 4, 4, 4, 2])(jnp.ones(3)))
