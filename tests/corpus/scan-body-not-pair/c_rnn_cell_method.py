# corpus: label=positive styles=method,attribute batch=c
"""An RNN class scans its own cell method; the cell returns the new hidden state only."""

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
        return jnp.tanh(h @ self.w_h + x @ self.w_x)  # expect: scan-body-not-pair

    def __call__(self, xs):
        h0 = jnp.zeros(self.hidden)
        return lax.scan(self.cell, h0, xs)


rnn = ElmanRNN(jax.random.key(0), hidden=4, inputs=3)
print(rnn(jnp.ones((5, 3))))
