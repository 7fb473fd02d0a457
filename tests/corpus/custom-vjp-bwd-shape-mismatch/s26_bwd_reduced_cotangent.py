"""A custom_vjp straight-through rounding whose `bwd` returns the summed cotangent (a scalar) for a vector input."""
# corpus: label=positive styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def round_ste(x):
    return jnp.round(x)


def round_fwd(x):
    return jnp.round(x), None


def round_bwd(_, g):
    return (jnp.sum(g),)


round_ste.defvjp(round_fwd, round_bwd)


def loss(w, x):
    return jnp.sum(round_ste(w * x))


print(jax.grad(loss)(jnp.ones(4), jnp.arange(4.0)))  # expect: custom-vjp-bwd-shape-mismatch
