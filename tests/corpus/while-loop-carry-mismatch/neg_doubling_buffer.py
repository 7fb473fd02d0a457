"""The buffer keeps its length; the loop doubles its values."""
# corpus: label=negative styles=helper,direct

import jax.numpy as jnp
from jax import lax


def not_large_enough(buffer):
    return buffer.sum() < 64


def double(buffer):
    return buffer * 2


print(lax.while_loop(not_large_enough, double, jnp.ones(4)))
