# corpus: label=positive styles=parameter,transform batch=c
"""The body is a functools.partial of a step taking params, and it returns (carry, y, aux)."""

from functools import partial

import jax.numpy as jnp
from jax import lax


def decode_step(params, carry, token):
    logits = carry @ params["w"] + token
    new = jnp.tanh(logits)
    return new, jnp.argmax(logits), jnp.max(logits)  # expect: scan-body-not-pair


params = {"w": jnp.eye(3)}
tokens = jnp.ones((4, 3))
final, outs = lax.scan(partial(decode_step, params), jnp.zeros(3), tokens)
print(final, outs)
