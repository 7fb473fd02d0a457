"""A custom_vjp bias add whose bwd hands the batch's cotangent to the bias unsummed."""
# corpus: label=positive styles=helper batch=e

import jax
import jax.numpy as jnp


@jax.custom_vjp
def add_bias(x, bias):
    return x + bias


def add_bias_fwd(x, bias):
    return add_bias(x, bias), None


def add_bias_bwd(_, g):
    return g, g


add_bias.defvjp(add_bias_fwd, add_bias_bwd)


def loss(bias, x):
    return jnp.tanh(add_bias(x, bias)).sum()


jax.grad(loss)(jnp.zeros(4), jnp.ones((8, 4)))  # expect: custom-vjp-bwd-shape-mismatch
