# corpus: label=negative styles=attribute,return batch=c
"""The quantizer's fwd returns a bare array, but the quantizer is only applied (eagerly and
under jit), never differentiated: JAX does not call fwd then."""

import jax
import jax.numpy as jnp


def make_quantizer(levels):
    @jax.custom_vjp
    def quantize(x):
        return jnp.round(x * levels) / levels

    def fwd(x):
        return jnp.round(x * levels) / levels

    def bwd(_, g):
        return (g,)

    quantize.defvjp(fwd, bwd)
    return quantize


quant4 = make_quantizer(4)
x = jnp.linspace(0.0, 1.0, 6)
print(quant4(x), jax.jit(quant4)(x))
