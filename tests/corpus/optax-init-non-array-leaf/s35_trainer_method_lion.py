"""A trainer object makes its optimizer state from the model it holds, activation included."""
# corpus: label=positive styles=method,parameter batch=s35

import equinox as eqx
import jax
import optax


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def initial_state(self):
        return self.optimizer.init(self.model)  # expect: optax-init-non-array-leaf


key = jax.random.PRNGKey(0)
model = eqx.nn.MLP(4, 1, width_size=16, depth=2, key=key)
trainer = Trainer(model, optax.lion(learning_rate=1e-4))
state = trainer.initial_state()
