"""A helper calls `lax.scan(f, init)` with neither xs nor length."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def logistic_map(x, _, r=3.7):
    nxt = r * x * (1.0 - x)
    return nxt, nxt


def orbit(x0):
    _, xs = jax.lax.scan(logistic_map, x0)  # expect: scan-no-length
    return xs


print(orbit(jnp.float32(0.2)))
