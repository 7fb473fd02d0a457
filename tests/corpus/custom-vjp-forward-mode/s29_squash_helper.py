"""A model squashes weights via a helper given a custom_vjp clip as a default; jacfwd of it."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(clip_fwd, clip_bwd)


def squash(w, clip):
    return jnp.tanh(clip(w) * 3.0)  # expect: custom-vjp-forward-mode


def model(w, clip=clip_gradient):
    return squash(w, clip).sum()


print(jax.jacfwd(model)(jnp.ones(4)))
