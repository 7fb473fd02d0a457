"""A kernel class vmaps its method over rows of X and columns of U (`in_axes=(0, 1)`), but the two have 10 and 2 entries there. Based on jax-ml/jax#705 (the example in jax-ml/jax#1613)."""
# corpus: label=positive styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Kernel:
    def __init__(self, gamma):
        self.gamma = gamma

    def pair(self, a, b):
        return jnp.sum(a) + self.gamma * jnp.sum(b)

    def gram(self, X, U):
        return jax.vmap(self.pair, in_axes=(0, 1))(X, U)  # expect: vmap-inconsistent-sizes


print(Kernel(0.5).gram(jnp.ones((10, 4)), jnp.ones((10, 2))))
