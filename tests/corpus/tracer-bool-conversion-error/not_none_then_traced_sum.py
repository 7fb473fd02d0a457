"""When the optional array is given, the jitted function tests `x.sum() > 0` in a Python `if`."""
# corpus: label=positive styles=parameter
# realcode: cause H

import jax
import jax.numpy as jnp


@jax.jit
def f(x, previous=None):
    if previous is not None:
        if x.sum() > 0:  # expect: tracer-bool-conversion-error
            return x - previous
    return x


f(jnp.ones(3), jnp.zeros(3))
