"""Raises ValueError under jax.grad of a pallas_call: the kernel has no reverse-mode rule.

pallas_call's JVP rule lets jax.jvp through, but reverse mode (jax.grad, jax.vjp) needs to
linearize the kernel, which fails.  ``interpret=True`` runs the kernel on the CPU.
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def double(x):
    return pl.pallas_call(
        double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)


jax.grad(lambda x: double(x).sum())(jnp.ones(8, jnp.float32))
