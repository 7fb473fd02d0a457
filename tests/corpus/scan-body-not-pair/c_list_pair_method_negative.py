# corpus: label=negative styles=method,attribute batch=c
"""The RNN cell returns [h, h]: a list of two is accepted as the (carry, y) pair."""

import jax
import jax.numpy as jnp
from jax import lax


class ElmanRNN:
    def __init__(self, key, hidden, inputs):
        k1, k2 = jax.random.split(key)
        self.w_h = jax.random.normal(k1, (hidden, hidden)) * 0.1
        self.w_x = jax.random.normal(k2, (inputs, hidden)) * 0.1
        self.hidden = hidden

    def cell(self, h, x):
        h = jnp.tanh(h @ self.w_h + x @ self.w_x)
        return [h, h]

    def __call__(self, xs):
        return lax.scan(self.cell, jnp.zeros(self.hidden), xs)


print(ElmanRNN(jax.random.key(0), hidden=4, inputs=3)(jnp.ones((5, 3))))
