"""A custom_vjp clipping op whose `fwd` helper returns the summed output as its primal, while the function itself returns the clipped vector; the loss is jitted."""
# corpus: label=positive styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return jnp.clip(x, -1.0, 1.0)


def _forward_value(x):
    return jnp.sum(jnp.clip(x, -1.0, 1.0))


def clip_fwd(x):
    return _forward_value(x), x


def clip_bwd(x, g):
    return (jnp.where(jnp.abs(x) <= 1.0, g, 0.0),)


clip_gradient.defvjp(clip_fwd, clip_bwd)


@jax.jit
def loss(x):
    return jnp.sum(clip_gradient(x) ** 2)


print(jax.grad(loss)(jnp.linspace(-2.0, 2.0, 5)))  # expect: custom-vjp-fwd-output-structure
