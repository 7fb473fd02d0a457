"""The index a helper returns (a traced argmax) picks a function out of a Python list under jit."""
# corpus: label=positive styles=return,helper

import jax
import jax.numpy as jnp

ACTIVATIONS = [jax.nn.relu, jnp.tanh, jax.nn.sigmoid]


def choose(scores):
    return jnp.argmax(scores)


@jax.jit
def gated(x, scores):
    activation = ACTIVATIONS[choose(scores)]  # expect: tracer-integer-conversion-error
    return activation(x)


gated(jnp.linspace(-2.0, 2.0, 5), jnp.array([0.2, 0.5, 0.3]))
