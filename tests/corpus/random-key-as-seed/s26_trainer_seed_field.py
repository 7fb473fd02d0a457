"""A trainer class takes a seed and builds its key in `__init__`; the caller passes a key it already made."""
# corpus: label=positive styles=attribute,parameter batch=s26

import jax


class Trainer:
    def __init__(self, seed, lr=1e-3):
        self.key = jax.random.PRNGKey(seed)  # expect: random-key-as-seed
        self.lr = lr


root = jax.random.PRNGKey(0)
trainer = Trainer(root)
print(trainer.key)
