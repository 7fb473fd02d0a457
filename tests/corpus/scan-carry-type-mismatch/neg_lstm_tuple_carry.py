"""The LSTM step returns (h, c)."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp
from jax import lax

hidden = 8


def lstm_step(carry, x):
    h, c = carry
    gates = jnp.concatenate([x, h]) @ jnp.ones((3 + hidden, 4 * hidden))
    i, f, o, g = jnp.split(gates, 4)
    c = f * c + i * jnp.tanh(g)
    h = o * jnp.tanh(c)
    return (h, c), h


init = (jnp.zeros(hidden), jnp.zeros(hidden))
(h, c), hs = lax.scan(lstm_step, init, jnp.ones((10, 3)))
print(hs.shape)
