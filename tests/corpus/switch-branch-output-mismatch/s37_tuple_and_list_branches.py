"""Activation branches where one returns a tuple of its outputs and another a list."""

# corpus: label=positive styles=direct batch=s37

import jax
import jax.numpy as jnp


def relu_pair(v):
    return (jax.nn.relu(v), v > 0)


def tanh_pair(v):
    return [jnp.tanh(v), v > 0]


which = jnp.array(1)
branches = [relu_pair, tanh_pair]
out = jax.lax.switch(which, branches, jnp.ones(3))  # expect: switch-branch-output-mismatch
