"""A bounded activation whose backward skips work for symbolic-zero cotangents."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def bounded_tanh(x):
    return jnp.tanh(x)


def _fwd(x):
    y = bounded_tanh(x.value)
    return y, y


def _bwd(y, g):
    return (g * (1.0 - y * y),)


bounded_tanh.defvjp(_fwd, _bwd, symbolic_zeros=True)
