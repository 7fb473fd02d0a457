"""A window function tests its traced argument with a chained comparison under jit."""
# corpus: label=positive styles=helper batch=s35

import jax
import jax.numpy as jnp


def in_window(t, start, stop):
    return start <= t < stop  # expect: tracer-bool-conversion-error


@jax.jit
def gate(t, signal):
    return jnp.where(in_window(t, 0.0, 1.0), signal, 0.0)


print(gate(0.5, jnp.ones(3)))
