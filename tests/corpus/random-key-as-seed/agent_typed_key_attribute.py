"""An agent keeps a typed key as an attribute and re-makes a key from it in a method."""
# corpus: label=positive styles=attribute,method batch=e

import jax


class Agent:
    def __init__(self, seed):
        self.rng = jax.random.key(seed)

    def explore(self, n):
        rng = jax.random.key(self.rng)  # expect: random-key-as-seed
        return jax.random.uniform(rng, (n,))


Agent(0).explore(5)
