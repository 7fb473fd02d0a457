# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp


class RNN:
    def __init__(self, hidden):
        self.hidden = hidden

    def cell(self, carry, x):
        h, c = carry
        h = jnp.tanh(h + x)
        return (h, c, h), h

    def __call__(self, xs):
        init = (jnp.zeros(self.hidden), jnp.zeros(self.hidden))
        return jax.lax.scan(self.cell, init, xs)  # expect: scan-carry-structure-mismatch


RNN(3)(jnp.ones((5, 3)))
