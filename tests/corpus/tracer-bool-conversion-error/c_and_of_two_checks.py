# corpus: label=positive styles=return,parameter batch=c
"""Two validity checks combined with Python's and inside a jitted function."""

import jax
import jax.numpy as jnp


def in_box(p, lo=0.0, hi=1.0):
    return (p.min() >= lo) and (p.max() <= hi)  # expect: tracer-bool-conversion-error


@jax.jit
def reward(position):
    return jnp.where(in_box(position), 1.0, -1.0)


print(reward(jnp.array([0.2, 0.9])))
