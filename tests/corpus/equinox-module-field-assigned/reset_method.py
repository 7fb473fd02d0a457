"""An equinox RNN cell resets its hidden state in a method, after construction."""
# corpus: label=positive styles=method

import equinox as eqx
import jax
import jax.numpy as jnp


class Cell(eqx.Module):
    weight: jax.Array
    hidden: jax.Array

    def __init__(self, size, key):
        self.weight = jax.random.normal(key, (size, size))
        self.hidden = jnp.zeros(size)

    def reset(self):
        self.hidden = jnp.zeros_like(self.hidden)  # expect: equinox-module-field-assigned

    def __call__(self, x):
        return jnp.tanh(self.weight @ self.hidden + x)


cell = Cell(4, jax.random.PRNGKey(0))
cell.reset()
print(cell(jnp.ones(4)))
