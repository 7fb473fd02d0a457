"""A trainer keeps the optimizer state of both layers but updates with the first layer's
gradient array alone."""
# corpus: label=positive styles=method,attribute batch=s42

import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, params):
        self.params = params
        self.optimizer = optax.rmsprop(learning_rate=1e-3)
        self.state = self.optimizer.init(params)

    def step(self, encoder_grads):
        g, opt = encoder_grads, self.optimizer
        upd, self.state = opt.update(g, self.state)  # expect: optax-update-structure-mismatch
        updates = upd
        return updates


trainer = Trainer({"encoder": jnp.ones((3, 3)), "decoder": jnp.ones((3, 3))})
trainer.step(jnp.ones((3, 3)))
