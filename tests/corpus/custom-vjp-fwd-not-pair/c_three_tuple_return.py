# corpus: label=positive styles=return batch=c
"""fwd flattens its residuals into the output tuple: three values, not a pair."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_tanh(x, scale):
    return jnp.tanh(x) * scale


def scaled_tanh_fwd(x, scale):
    y = jnp.tanh(x)
    return y * scale, y, scale  # expect: custom-vjp-fwd-not-pair


def scaled_tanh_bwd(res, g):
    y, scale = res
    return g * scale * (1 - y**2), jnp.sum(g * y)


scaled_tanh.defvjp(scaled_tanh_fwd, scaled_tanh_bwd)
print(jax.grad(lambda s: scaled_tanh(jnp.arange(3.0), s).sum())(2.0))
