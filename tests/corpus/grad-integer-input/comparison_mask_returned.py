"""A helper returns a boolean mask, which is then differentiated."""
# corpus: label=positive styles=return,helper

import jax
import jax.numpy as jnp


def active(x, threshold):
    return x > threshold


def soft_count(mask):
    return jnp.sum(mask * 1.0)


mask = active(jnp.linspace(0.0, 1.0, 10), 0.5)
jax.grad(soft_count)(mask)  # expect: grad-integer-input
