"""An agent keeps a typed key as an attribute and folds a step into it in a method."""
# corpus: label=negative styles=attribute,method batch=e

import jax


class Agent:
    def __init__(self, seed):
        self.rng = jax.random.key(seed)

    def explore(self, n):
        rng = jax.random.fold_in(self.rng, n)
        return jax.random.uniform(rng, (n,))


Agent(0).explore(5)
