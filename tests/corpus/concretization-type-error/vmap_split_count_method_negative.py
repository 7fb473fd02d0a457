"""A resampler that draws a fixed number of child keys per particle, vmapped."""
# corpus: label=negative styles=method,attribute

import jax


class Resampler:
    def __init__(self, children):
        self.children = children

    def child_keys(self, key):
        return jax.random.split(key, self.children)

    def __call__(self, key, particles):
        keys = jax.random.split(key, particles)
        return jax.vmap(self.child_keys)(keys)


print(Resampler(2)(jax.random.key(1), 3).shape)
