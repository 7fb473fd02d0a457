"""A trainer maps its loss over predictions and labels, but the labels batch is one short."""
# corpus: label=positive styles=method,transform

import jax
import jax.numpy as jnp


class Trainer:
    def loss(self, prediction, label):
        return (prediction - label) ** 2

    def batch_loss(self, predictions, labels):
        return jax.vmap(self.loss)(predictions, labels).mean()  # expect: vmap-inconsistent-sizes


trainer = Trainer()
print(trainer.batch_loss(jnp.ones(32), jnp.zeros(31)))
