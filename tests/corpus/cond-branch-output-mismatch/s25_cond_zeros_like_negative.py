"""The gated layer with jnp.zeros_like in the closed branch."""
# corpus: label=negative styles=method,helper batch=s25

import jax.numpy as jnp
from jax import lax


def skip(x):
    return x


def zero_out(x):
    return jnp.zeros_like(x)


class Gate:
    def __call__(self, x, open_):
        return lax.cond(open_, skip, zero_out, x)


print(Gate()(jnp.ones(4), True))
