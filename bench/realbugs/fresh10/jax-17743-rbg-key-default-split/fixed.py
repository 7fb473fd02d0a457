# realbug: jax-17743-rbg-key-default-split (fixed)
# source: https://github.com/jax-ml/jax/issues/17743
import jax


class Sampler:
    def __init__(self, seed):
        self._key = jax.random.key(seed, impl="rbg")

    def next_key(self):
        self._key, subkey = jax.random.split(self._key)
        return subkey


s = Sampler(0)
print(jax.random.uniform(s.next_key(), (2,)))
