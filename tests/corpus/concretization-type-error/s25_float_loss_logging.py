"""A jitted train step converts its loss to a Python float for a history list."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class Logger:
    def __init__(self):
        self.history = []

    def log(self, loss):
        self.history.append(float(loss))  # expect: concretization-type-error


logger = Logger()


@jax.jit
def train_step(w, x):
    loss, g = jax.value_and_grad(lambda w: jnp.sum((x @ w) ** 2))(w)
    logger.log(loss)
    return w - 0.1 * g


print(train_step(jnp.ones(3), jnp.ones((2, 3))))
