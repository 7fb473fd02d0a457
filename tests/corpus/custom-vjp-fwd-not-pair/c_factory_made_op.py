# corpus: label=positive styles=attribute,return batch=c
"""A factory builds a straight-through quantizer for a given number of levels; its fwd
returns only the quantized value."""

import jax
import jax.numpy as jnp


def make_quantizer(levels):
    @jax.custom_vjp
    def quantize(x):
        return jnp.round(x * levels) / levels

    def fwd(x):
        return jnp.round(x * levels) / levels  # expect: custom-vjp-fwd-not-pair

    def bwd(_, g):
        return (g,)

    quantize.defvjp(fwd, bwd)
    return quantize


quant4 = make_quantizer(4)


def distortion(x):
    return jnp.sum((quant4(x) - x) ** 2)


print(jax.grad(distortion)(jnp.linspace(0.0, 1.0, 6)))
