"""A training script initialises optax.adam on the whole equinox model, activation included."""
# corpus: label=positive styles=attribute,helper batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Regressor(eqx.Module):
    hidden: eqx.nn.Linear
    out: eqx.nn.Linear
    activation: object

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.hidden = eqx.nn.Linear(3, 8, key=k1)
        self.out = eqx.nn.Linear(8, 1, key=k2)
        self.activation = jax.nn.tanh

    def __call__(self, x):
        return self.out(self.activation(self.hidden(x)))


def setup(key, learning_rate):
    model = Regressor(key)
    optimizer = optax.adam(learning_rate)
    return model, optimizer, optimizer.init(model)  # expect: optax-init-non-array-leaf


model, optimizer, opt_state = setup(jax.random.PRNGKey(0), 1e-3)
print(model(jnp.ones(3)))
