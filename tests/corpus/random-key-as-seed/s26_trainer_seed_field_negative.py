"""The trainer is given the integer seed it expects."""
# corpus: label=negative styles=attribute,parameter batch=s26

import jax


class Trainer:
    def __init__(self, seed, lr=1e-3):
        self.key = jax.random.PRNGKey(seed)
        self.lr = lr


trainer = Trainer(0)
print(trainer.key)
