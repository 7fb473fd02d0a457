# corpus: label=negative styles=helper,transform
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient(x, bound):
    return x


def clip_fwd(x, bound):
    return x, None


def clip_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_gradient.defvjp(clip_fwd, clip_bwd)


def loss(w):
    return jnp.sum(clip_gradient(w, 1.0) ** 2)


jax.grad(loss)(jnp.ones(3))
