"""A sampler's bound method is jitted whole, so its `count` argument is traced where the key is split."""
# corpus: label=positive styles=method,transform

import jax


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def masks(self, key, count, shape):
        keys = jax.random.split(key, count)  # expect: random-split-traced-count
        return jax.vmap(lambda k: jax.random.bernoulli(k, 1 - self.rate, shape))(keys)


drop = Dropout(0.2)
print(jax.jit(drop.masks, static_argnums=2)(jax.random.key(1), 3, (4,)).shape)
