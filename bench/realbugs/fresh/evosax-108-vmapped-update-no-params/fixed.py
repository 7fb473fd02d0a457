# realbug: evosax-108-vmapped-update-no-params (fixed)
# source: https://github.com/RobertTLange/evosax/pull/108
import jax
import jax.numpy as jnp
import optax


class SV_Open_ES:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def init(self, mean):
        return jax.vmap(self.optimizer.init)(mean)

    def tell(self, mean, grad, opt_state):
        updates, opt_state = jax.vmap(self.optimizer.update)(grad, opt_state, mean)
        return optax.apply_updates(mean, updates), opt_state


strategy = SV_Open_ES(optax.adamw(learning_rate=1e-2))
mean = jnp.zeros((4, 3))
opt_state = strategy.init(mean)
print(strategy.tell(mean, jnp.ones((4, 3)), opt_state)[0])
