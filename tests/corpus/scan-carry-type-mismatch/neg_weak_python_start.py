"""A scan started from a Python 0, which JAX promotes to the float carry the body returns."""

# corpus: label=negative styles=helper,parameter
import jax
import jax.numpy as jnp


def accumulate(total, x):
    total = total + x * 0.5
    return total, total


def running(xs, start):
    return jax.lax.scan(accumulate, start, xs)


running(jnp.arange(5.0), 0)
