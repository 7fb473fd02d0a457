# corpus: label=positive styles=helper,return batch=c
"""A helper packs primal and tangent into one stacked array: an array is not a pair."""

import jax
import jax.numpy as jnp


def _pack(primal, tangent):
    return jnp.stack([primal, tangent])


@jax.custom_jvp
def clipped_exp(x):
    return jnp.exp(jnp.minimum(x, 10.0))


@clipped_exp.defjvp
def clipped_exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = clipped_exp(x)
    return _pack(y, jnp.where(x < 10.0, y * t, 0.0))  # expect: custom-jvp-rule-not-pair


print(jax.grad(lambda z: clipped_exp(z) * 2.0)(1.0))
