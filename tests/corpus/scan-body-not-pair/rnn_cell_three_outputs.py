"""An RNN cell kept in a dataclass field returns (h, y, gate) flat; scan needs (carry, outputs)."""
# corpus: label=positive styles=attribute

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax


def gated_cell(h, x):
    gate = jax.nn.sigmoid(x.sum() + h.sum())
    h_new = gate * jnp.tanh(h + x) + (1.0 - gate) * h
    return h_new, h_new * 2.0, gate  # expect: scan-body-not-pair


@dataclass
class Recurrent:
    cell: object
    hidden: int

    def __call__(self, xs):
        h0 = jnp.zeros(self.hidden)
        return lax.scan(self.cell, h0, xs)


rnn = Recurrent(cell=gated_cell, hidden=4)
print(rnn(jnp.ones((6, 4))))
