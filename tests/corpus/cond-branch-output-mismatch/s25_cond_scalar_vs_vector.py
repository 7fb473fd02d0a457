"""A gated layer returns its input or a zero from lax.cond; the zero branch returns a scalar."""
# corpus: label=positive styles=method,helper batch=s25

import jax.numpy as jnp
from jax import lax


def skip(x):
    return x


def zero_out(x):
    return jnp.zeros(())


class Gate:
    def __call__(self, x, open_):
        return lax.cond(open_, skip, zero_out, x)  # expect: cond-branch-output-mismatch


print(Gate()(jnp.ones(4), True))
