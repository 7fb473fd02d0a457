"""A particle filter whose resampler draws one key per particle child, vmapped."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Resampler:
    def __init__(self, children):
        self.children = children

    def child_keys(self, key, count):
        return jax.random.split(key, count)  # expect: concretization-type-error

    def __call__(self, key):
        keys = jax.random.split(key, self.children.shape[0])
        return jax.vmap(self.child_keys)(keys, self.children)


print(Resampler(jnp.array([2, 2]))(jax.random.key(1)).shape)
