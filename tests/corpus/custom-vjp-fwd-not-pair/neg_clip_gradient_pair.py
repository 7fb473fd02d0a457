"""Gradient clipping fixed: fwd returns (x, None)."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_gradient_fwd(x):
    return x, None


def clip_gradient_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
print(jax.grad(lambda w: jnp.sum(clip_gradient(w) ** 3))(jnp.array([0.1, 2.0, -3.0])))
