# realbug: jax-17743-rbg-key-default-split
# source: https://github.com/jax-ml/jax/issues/17743
# kind: prng-key-data
# raises: TypeError: JAX encountered invalid PRNG key data: expected key_data.shape to end with \(2,\)
# The reporter mixed PRNG implementations in one process: a raw key made with
# `PRNGKey(seed, impl='rbg')` (four words) is split by `jax.random.split`, which reads raw key
# data with the default threefry implementation (two words). The holder class is filled in.
import jax


class Sampler:
    def __init__(self, seed):
        self._key = jax.random.PRNGKey(seed, impl="rbg")

    def next_key(self):
        self._key, subkey = jax.random.split(self._key)  # BUG
        return subkey


s = Sampler(0)
print(jax.random.uniform(s.next_key(), (2,)))
