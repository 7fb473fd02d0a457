"""The MLP pairs each size with the next one."""
# corpus: label=negative styles=attribute,method batch=s26

import jax.numpy as jnp


class MLP:
    def __init__(self, sizes):
        self.weights = []
        for i in range(len(sizes) - 1):
            self.weights.append(jnp.ones((sizes[i], sizes[i + 1])))

    def __call__(self, x):
        for w in self.weights:
            x = jnp.tanh(x @ w)
        return x


print(MLP([4, 8, 16, 8, 4, 2])(jnp.ones((2, 4))).shape)
