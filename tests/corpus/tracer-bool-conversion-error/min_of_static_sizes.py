"""`min(2, x.shape[0])` under jit compares two Python ints: the slice length is static."""
# corpus: label=negative styles=direct
# realcode: cause C

import jax
import jax.numpy as jnp


@jax.jit
def head(x):
    k = min(2, x.shape[0])
    return x[:k].sum()


head(jnp.arange(4.0))
