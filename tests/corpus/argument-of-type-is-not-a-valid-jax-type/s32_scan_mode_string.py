"""A scan carries its mode as a string next to the running total."""
# corpus: label=positive styles=helper batch=s32

import jax
import jax.numpy as jnp


def step(carry, x):
    total, mode = carry
    total = total + x if mode == "sum" else jnp.maximum(total, x)
    return (total, mode), total


def running(xs, mode):
    return jax.lax.scan(step, (0.0, mode), xs)  # expect: argument-of-type-is-not-a-valid-jax-type


print(running(jnp.arange(4.0), "sum"))
