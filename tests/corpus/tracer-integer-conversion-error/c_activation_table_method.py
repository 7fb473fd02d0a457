# corpus: label=positive styles=method batch=c
"""A mixture layer picks its activation from a tuple by an index that is one of the jitted
method's arguments."""

import jax
import jax.numpy as jnp

ACTIVATIONS = (jax.nn.relu, jnp.tanh, jax.nn.gelu)


class Mixture:
    def __init__(self, width):
        self.w = jnp.ones((width, width)) / width

    def forward(self, x, act_id):
        act = ACTIVATIONS[act_id]  # expect: tracer-integer-conversion-error
        return act(x @ self.w)


m = Mixture(3)
print(jax.jit(m.forward)(jnp.ones(3), 2))
