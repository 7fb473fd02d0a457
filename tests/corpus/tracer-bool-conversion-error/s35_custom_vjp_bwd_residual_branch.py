"""A custom_vjp whose bwd branches on a comparison of its residual, under jit: the residual is traced there."""
# corpus: label=positive styles=transform batch=s35

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def attend(x, is_mqa):
    return x


def attend_fwd(x, is_mqa):
    return x, x


def attend_bwd(is_mqa, residual, g):
    heads = 1 if residual.sum() > 0 else residual.shape[0]  # expect: tracer-bool-conversion-error
    return (g / heads,)


attend.defvjp(attend_fwd, attend_bwd)


@jax.jit
def loss(x):
    return attend(x, True).sum()


print(jax.grad(loss)(jnp.ones(3)))
