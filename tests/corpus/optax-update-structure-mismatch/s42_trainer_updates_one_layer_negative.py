"""The trainer fills in zero gradients for the layer it does not train."""
# corpus: label=negative styles=method,attribute batch=s42

import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, params):
        self.params = params
        self.optimizer = optax.rmsprop(learning_rate=1e-3)
        self.state = self.optimizer.init(params)

    def step(self, encoder_grads):
        grads = {"encoder": encoder_grads, "decoder": jnp.zeros((3, 3))}
        updates, self.state = self.optimizer.update(grads, self.state)
        return updates


trainer = Trainer({"encoder": jnp.ones((3, 3)), "decoder": jnp.ones((3, 3))})
trainer.step(jnp.ones((3, 3)))
