"""A trainer's jitted bound method returns a new state object; the loop logs `float(state.loss)` eagerly."""
# corpus: label=negative styles=method,attribute
# realcode: cause G

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class TrainState:
    def __init__(self, params, step, loss):
        self.params = params
        self.step = step
        self.loss = loss

    def replace(self, **changes):
        fields = {"params": self.params, "step": self.step, "loss": self.loss}
        return TrainState(**{**fields, **changes})

    def tree_flatten(self):
        return (self.params, self.step, self.loss), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


class Trainer:
    def __init__(self, lr, log_every):
        self.lr = lr
        self.log_every = log_every
        self._step = jax.jit(self.train_step)

    def train_step(self, state, x, y):
        loss, grad = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(state.params)
        return state.replace(params=state.params - self.lr * grad, step=state.step + 1, loss=loss)

    def fit(self, state, x, y, num_steps):
        history = []
        for _ in range(num_steps):
            state = self._step(state, x, y)
            if state.step.item() % self.log_every == 0:
                history.append(float(state.loss))
        return state, history


trainer = Trainer(lr=0.1, log_every=2)
start = TrainState(jnp.zeros(3), jnp.zeros((), jnp.int32), jnp.zeros(()))
trainer.fit(start, jnp.ones((4, 3)), jnp.ones(4), num_steps=4)
