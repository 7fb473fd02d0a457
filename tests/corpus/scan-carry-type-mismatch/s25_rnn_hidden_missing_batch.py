"""An RNN scans over time with batched inputs, but its hidden state is initialised without the batch axis."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp
from jax import lax


class RNNCell:
    def __init__(self, key, d_in, hidden):
        k1, k2 = jax.random.split(key)
        self.wx = jax.random.normal(k1, (d_in, hidden))
        self.wh = jax.random.normal(k2, (hidden, hidden))
        self.hidden = hidden

    def step(self, h, x):
        h = jnp.tanh(x @ self.wx + h @ self.wh)
        return h, h

    def run(self, xs):
        h0 = jnp.zeros(self.hidden)
        return lax.scan(self.step, h0, xs)  # expect: scan-carry-type-mismatch


cell = RNNCell(jax.random.key(0), 3, 5)
print(cell.run(jnp.ones((7, 4, 3)))[0].shape)
