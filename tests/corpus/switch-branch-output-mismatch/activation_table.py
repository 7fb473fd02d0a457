"""A table of activations picked by index; one entry pools the features."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
from jax import lax

ACTIVATIONS = [jax.nn.relu, jnp.tanh, lambda x: x.mean(axis=-1)]


def activate(x, which):
    return lax.switch(which, ACTIVATIONS, x)  # expect: switch-branch-output-mismatch


print(activate(jnp.ones((2, 8)), 1))
