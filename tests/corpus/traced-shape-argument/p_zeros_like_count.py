"""Padding sized from a jitted argument's length minus the array's length."""

# corpus: label=positive styles=parameter,transform
import jax
import jax.numpy as jnp


def pad_to(x, length):
    return jnp.concatenate([x, jnp.zeros(length - x.shape[0])])  # expect: traced-shape-argument


jax.jit(pad_to)(jnp.ones(3), 5)
