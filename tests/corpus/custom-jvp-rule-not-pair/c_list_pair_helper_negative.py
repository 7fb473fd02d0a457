# corpus: label=negative styles=helper,return batch=c
"""A helper returns primal and tangent as a two-element list: a list of two is a pair too."""

import jax
import jax.numpy as jnp


def _pair(primal, tangent):
    return [primal, tangent]


@jax.custom_jvp
def clipped_exp(x):
    return jnp.exp(jnp.minimum(x, 10.0))


@clipped_exp.defjvp
def clipped_exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = clipped_exp(x)
    return _pair(y, jnp.where(x < 10.0, y * t, 0.0))


print(jax.grad(lambda z: clipped_exp(z) * 2.0)(1.0))
