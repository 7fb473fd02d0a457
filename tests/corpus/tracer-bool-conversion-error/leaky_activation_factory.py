"""A factory returns an activation written as a Python conditional expression; it is vmapped."""
# corpus: label=positive styles=attribute

import jax
import jax.numpy as jnp


def make_activation(slope):
    def activation(v):
        return v if v > 0 else slope * v  # expect: tracer-bool-conversion-error

    return activation


leaky_relu = make_activation(0.01)
hidden = jax.vmap(leaky_relu)(jnp.linspace(-1.0, 1.0, 5))
