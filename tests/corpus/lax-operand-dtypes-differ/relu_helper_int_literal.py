"""A ReLU written with lax.max and an integer 0, used by a jitted layer."""
# corpus: label=positive styles=helper,transform

import jax
import jax.numpy as jnp
from jax import lax


def relu(x):
    return lax.max(x, 0)  # expect: lax-operand-dtypes-differ


@jax.jit
def layer(w, x):
    return relu(x @ w)


layer(jnp.ones((3, 2)), jnp.ones((4, 3)))
