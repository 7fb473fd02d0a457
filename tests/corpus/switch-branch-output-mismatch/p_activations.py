"""A switch over a list of activations, one of which stacks its input."""

# corpus: label=positive styles=helper
import jax
import jax.numpy as jnp

ACTIVATIONS = [jax.nn.relu, jnp.tanh, lambda x: jnp.stack([x, -x])]


def activate(kind, x):
    return jax.lax.switch(kind, ACTIVATIONS, x)  # expect: switch-branch-output-mismatch


activate(1, jnp.ones(3))
