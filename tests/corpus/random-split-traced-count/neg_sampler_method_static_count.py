"""The sampler's method jitted with the count static too."""
# corpus: label=negative styles=method,transform

import jax


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def masks(self, key, count, shape):
        keys = jax.random.split(key, count)
        return jax.vmap(lambda k: jax.random.bernoulli(k, 1 - self.rate, shape))(keys)


drop = Dropout(0.2)
print(jax.jit(drop.masks, static_argnums=(1, 2))(jax.random.key(1), 3, (4,)).shape)
