"""`min(2, n)` with `n` a jit argument compares a tracer: Python's `min` needs a bool."""
# corpus: label=positive styles=parameter
# realcode: cause C

import jax
import jax.numpy as jnp


@jax.jit
def head(x, n):
    k = min(2, n)  # expect: tracer-bool-conversion-error
    return x[:k].sum()


head(jnp.arange(4.0), 3)
