"""The same ReLU with a float 0.0, which lax takes as the float32 operand's dtype."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp
from jax import lax


def relu(x):
    return lax.max(x, 0.0)


@jax.jit
def layer(w, x):
    return relu(x @ w)


layer(jnp.ones((3, 2)), jnp.ones((4, 3)))
