"""A trainer keeps a chained optimizer (clipping, then AdamW) as an attribute and passes params to update."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, params):
        self.params = params
        self.tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(3e-4, weight_decay=0.0))
        self.opt_state = self.tx.init(params)

    def step(self, x):
        grads = jax.grad(lambda p: jnp.sum(jnp.tanh(x @ p)))(self.params)
        updates, state = self.tx.update(grads, self.opt_state, self.params)
        self.opt_state = state
        self.params = optax.apply_updates(self.params, updates)


trainer = Trainer(jnp.ones((3, 3)))
trainer.step(jnp.ones((2, 3)))
print(trainer.params)
