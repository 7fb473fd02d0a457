"""Raises UnexpectedTracerError: a traced array is passed in a nondiff_argnums position.

jax.grad differentiates with respect to ``b``, so the nondiff argument ``bound`` is a tracer.
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_by(x, bound):
    return jnp.clip(x, -bound, bound)


def clip_by_fwd(x, bound):
    return clip_by(x, bound), None


def clip_by_bwd(bound, _, g):
    return (g,)


clip_by.defvjp(clip_by_fwd, clip_by_bwd)
jax.grad(lambda b: clip_by(jnp.float32(2.0), b))(jnp.float32(1.0))
