"""A custom_vjp whose bwd branches on a nondiff flag (tokamax ring attention): JAX passes the nondiff arguments to bwd first, as the call gave them, so a flag static under jit stays a Python bool there."""
# corpus: label=negative styles=transform batch=s35

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnames=("scale", "is_mqa"))
def attend(x, scale, is_mqa):
    return x * scale if is_mqa else x


def attend_fwd(x, scale, is_mqa):
    return attend(x, scale, is_mqa), x


def attend_bwd(scale, is_mqa, residual, g):
    heads = 1 if is_mqa else residual.shape[0]
    return (g * scale / heads,)


attend.defvjp(attend_fwd, attend_bwd)


@partial(jax.jit, static_argnames=("is_mqa",))
def loss(x, is_mqa):
    return attend(x, scale=2.0, is_mqa=is_mqa).sum()


print(jax.grad(loss)(jnp.ones(3), is_mqa=True))
