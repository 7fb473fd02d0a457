"""The body returns a cell helper's result, and the helper returns (carry, output)."""
# corpus: label=negative styles=helper,return

import jax
import jax.numpy as jnp
from jax import lax


def _gated_cell(h, x):
    gate = jax.nn.sigmoid(x.sum() + h.sum())
    h_new = gate * jnp.tanh(h + x) + (1.0 - gate) * h
    return h_new, (h_new * 2.0, gate)


def body(h, x):
    return _gated_cell(h, x)


h, (ys, gates) = lax.scan(body, jnp.zeros(4), jnp.ones((6, 4)))
print(h, ys.shape, gates.shape)
