"""The same custom_jvp whose rule branches on its primal, a tracer under jit: the comparison has no Python value."""
# corpus: label=positive styles=transform

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def attend(x, scale, is_mqa):
    return x * scale if is_mqa else x


@attend.defjvp
def attend_jvp(scale, is_mqa, primals, tangents):
    (x,), (t,) = primals, tangents
    heads = 1 if x.sum() > 0 else x.shape[0]  # expect: tracer-bool-conversion-error
    return attend(x, scale, is_mqa), t * scale / heads


@partial(jax.jit, static_argnames=("is_mqa",))
def loss(x, is_mqa):
    return attend(x, scale=2.0, is_mqa=is_mqa).sum()


print(jax.grad(loss)(jnp.ones(3), is_mqa=True))
