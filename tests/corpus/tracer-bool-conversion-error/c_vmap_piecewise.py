# corpus: label=positive styles=transform batch=c
"""A piecewise function written with if/else for scalars is vmapped over a batch."""

import jax
import jax.numpy as jnp


def huber(r, delta=1.0):
    if jnp.abs(r) <= delta:  # expect: tracer-bool-conversion-error
        return 0.5 * r * r
    return delta * (jnp.abs(r) - 0.5 * delta)


residuals = jnp.array([0.3, -2.0, 1.5])
print(jax.vmap(huber)(residuals).sum())
