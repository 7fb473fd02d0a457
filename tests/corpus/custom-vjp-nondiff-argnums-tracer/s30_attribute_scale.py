"""A layer stores its scale array on itself; its custom_vjp takes the scale as nondiff, under jit."""
# corpus: label=positive styles=attribute,method batch=s30

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def scaled_identity(x, scale):
    return x * scale


def scaled_identity_fwd(x, scale):
    return x * scale, None


def scaled_identity_bwd(scale, _, g):
    return (g * scale,)


scaled_identity.defvjp(scaled_identity_fwd, scaled_identity_bwd)


class Scaler:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, x):
        return scaled_identity(x, self.scale)  # expect: custom-vjp-nondiff-argnums-tracer


@jax.jit
def apply(scale, x):
    return Scaler(scale)(x).sum()


print(apply(jnp.full(3, 2.0), jnp.ones(3)))
