"""The same trainer with plain SGD, whose init keeps no state of the parameters."""
# corpus: label=negative styles=method,parameter batch=s35

import equinox as eqx
import jax
import optax


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def initial_state(self):
        return self.optimizer.init(self.model)


key = jax.random.PRNGKey(0)
model = eqx.nn.MLP(4, 1, width_size=16, depth=2, key=key)
trainer = Trainer(model, optax.sgd(learning_rate=1e-2))
state = trainer.initial_state()
