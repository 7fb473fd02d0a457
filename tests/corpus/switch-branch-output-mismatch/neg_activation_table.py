"""Every activation keeps the input's shape."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp
from jax import lax

ACTIVATIONS = [jax.nn.relu, jnp.tanh, jax.nn.gelu]


def activate(x, which):
    return lax.switch(which, ACTIVATIONS, x)


print(activate(jnp.ones((2, 8)), 1))
