"""An LSTM step's (h, c) carry: the cell state comes back with the gate width."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp
from jax import lax

hidden = 8


def lstm_step(carry, x):
    h, c = carry
    gates = jnp.concatenate([x, h]) @ jnp.ones((3 + hidden, 4 * hidden))
    i, f, o, g = jnp.split(gates, 4)
    c = f * c + i * jnp.tanh(g)
    h = o * jnp.tanh(c)
    return (h, gates), h


init = (jnp.zeros(hidden), jnp.zeros(hidden))
lax.scan(lstm_step, init, jnp.ones((10, 3)))  # expect: scan-carry-type-mismatch
