"""A while loop doubles a buffer until it is long enough: the carry's shape changes."""
# corpus: label=positive styles=helper,direct

import jax.numpy as jnp
from jax import lax


def not_long_enough(buffer):
    return buffer.sum() < 64


def double(buffer):
    return jnp.concatenate([buffer, buffer])


lax.while_loop(not_long_enough, double, jnp.ones(4))  # expect: while-loop-carry-mismatch
