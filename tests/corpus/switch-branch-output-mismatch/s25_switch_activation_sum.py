"""lax.switch over activations where one entry reduces its input."""
# corpus: label=positive styles=attribute,transform batch=s25

import jax
import jax.numpy as jnp
from jax import lax

BRANCHES = [jax.nn.relu, jnp.tanh, lambda x: jnp.sum(x)]


def act(index, x):
    return lax.switch(index, BRANCHES, x)  # expect: switch-branch-output-mismatch


print(jax.jit(act)(1, jnp.ones(3)))
