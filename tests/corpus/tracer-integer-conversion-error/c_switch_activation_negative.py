# corpus: label=negative styles=method batch=c
"""The mixture layer chooses its activation with lax.switch, which takes a traced index."""

import jax
import jax.numpy as jnp

ACTIVATIONS = (jax.nn.relu, jnp.tanh, jax.nn.gelu)


class Mixture:
    def __init__(self, width):
        self.w = jnp.ones((width, width)) / width

    def forward(self, x, act_id):
        return jax.lax.switch(act_id, ACTIVATIONS, x @ self.w)


m = Mixture(3)
print(jax.jit(m.forward)(jnp.ones(3), 2), m.forward(jnp.ones(3), 0).shape[0])
