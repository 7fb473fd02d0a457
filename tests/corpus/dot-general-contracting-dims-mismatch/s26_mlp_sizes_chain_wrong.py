"""A plain-class MLP builds its weights from a list of six sizes, pairing each size with itself instead of the next one, so the second layer's input width does not chain."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


class MLP:
    def __init__(self, sizes):
        self.weights = []
        for i in range(len(sizes) - 1):
            self.weights.append(jnp.ones((sizes[i], sizes[i])))

    def __call__(self, x):
        for w in self.weights:
            x = jnp.tanh(x @ w)  # expect: dot-general-contracting-dims-mismatch
        return x


print(MLP([4, 8, 16, 8, 4, 2])(jnp.ones((2, 4))).shape)
