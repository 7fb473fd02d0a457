"""A fori_loop sums float samples into an accumulator started from an int literal (a weakly typed carry, which JAX promotes to the body's float)."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax.numpy as jnp
from jax import lax


def total(samples, start=0):
    def body(i, acc):
        return acc + samples[i]

    return lax.fori_loop(0, samples.shape[0], body, start)


print(total(jnp.linspace(0.0, 1.0, 5)))
