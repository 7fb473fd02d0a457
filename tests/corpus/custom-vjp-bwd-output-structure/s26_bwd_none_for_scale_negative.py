"""The same residual rule returning a cotangent per argument, with None for the scale."""
# corpus: label=negative styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled(x, scale):
    return x * scale


def scaled_fwd(x, scale):
    return x * scale, (x, scale)


def scaled_bwd(res, g):
    _, scale = res
    return (g * scale, None)


scaled.defvjp(scaled_fwd, scaled_bwd)
print(jax.grad(lambda x: scaled(x, 2.0).sum())(jnp.ones(3)))
