"""A data loader keeps its key and permutes its inputs and targets with it each epoch."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class Loader:
    def __init__(self, inputs, targets, seed):
        self.inputs = inputs
        self.targets = targets
        self.key = jax.random.key(seed)

    def shuffled(self):
        inputs = jax.random.permutation(self.key, self.inputs)
        targets = jax.random.permutation(self.key, self.targets)  # expect: key-reuse-error
        return inputs, targets


loader = Loader(jnp.ones((10, 2)), jnp.arange(10), seed=3)
with jax.debug_key_reuse(True):
    batch = loader.shuffled()
