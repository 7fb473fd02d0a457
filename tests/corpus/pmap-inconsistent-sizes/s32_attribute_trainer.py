"""A trainer keeps its parameters on an attribute and maps them with each batch."""
# corpus: label=positive styles=attribute,method batch=s32

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, features):
        self.params = jnp.zeros((features, 1))

    def predict(self, batch):
        return jax.pmap(lambda p, b: b @ p)(self.params, batch)  # expect: pmap-inconsistent-sizes


trainer = Trainer(2)
print(trainer.predict(jnp.ones((8, 5, 2))))
