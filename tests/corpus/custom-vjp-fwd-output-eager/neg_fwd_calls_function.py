"""The clipping op's fwd calls the custom_vjp function itself for its primal output, so the
output jax.vjp sees is the function's."""
# corpus: label=negative styles=helper batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip(x):
    return jnp.clip(x, -1.0, 1.0)


def clip_fwd(x):
    mask = jnp.abs(x) <= 1.0
    return clip(x), mask


def clip_bwd(mask, g):
    return (jnp.where(mask, g, 0.0),)


clip.defvjp(clip_fwd, clip_bwd)


def input_gradient(f, x):
    _, pullback = jax.vjp(f, x)
    (grad,) = pullback(jnp.ones_like(x))
    return grad


print(input_gradient(clip, jnp.linspace(-2.0, 2.0, 5)))
