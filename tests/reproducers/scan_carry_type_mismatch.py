"""Raises TypeError: a scan body returns a float32 carry where it received an int32 one."""

import jax
import jax.numpy as jnp


def running_mean(count, x):
    return count + x / 2, count


jax.lax.scan(running_mean, jnp.int32(0), jnp.arange(4.0))
