"""A counter scanned over nothing (`xs=None`) with no length."""
# corpus: label=positive styles=direct

import jax.numpy as jnp
from jax import lax


def fib_step(state, _):
    a, b = state
    return (b, a + b), a


_, fibs = lax.scan(fib_step, (jnp.int32(0), jnp.int32(1)), None)  # expect: scan-no-length
print(fibs)
