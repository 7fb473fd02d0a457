# corpus: label=positive styles=transform,helper batch=c
"""A custom_vjp used inside a jitted scan body; its rules were never registered."""

import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_vjp
def stop_at_boundary(h):  # expect: custom-vjp-without-defvjp
    return h


def rnn_step(h, x):
    h = jnp.tanh(0.5 * stop_at_boundary(h) + x)
    return h, h


@jax.jit
def run(xs):
    _, hs = lax.scan(rnn_step, jnp.zeros(2), xs)
    return hs


print(run(jnp.ones((5, 2))))
