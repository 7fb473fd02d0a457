"""An equinox RNN cell resets its hidden state by returning an updated copy."""
# corpus: label=negative styles=method

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
        return eqx.tree_at(lambda c: c.hidden, self, jnp.zeros_like(self.hidden))

    def __call__(self, x):
        return jnp.tanh(self.weight @ self.hidden + x)


cell = Cell(4, jax.random.PRNGKey(0))
cell = cell.reset()
print(cell(jnp.ones(4)))
