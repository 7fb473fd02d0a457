"""A factory closes over a Python int `depth`; the jitted function it returns loops over it."""
# corpus: label=negative styles=attribute

import jax
import jax.numpy as jnp


def make_mlp(depth, weights):
    @jax.jit
    def forward(x):
        for i in range(depth):
            x = jnp.tanh(x @ weights[i])
        return x

    return forward


weights = [jnp.eye(3) * 0.5 for _ in range(2)]
forward = make_mlp(len(weights), weights)
forward(jnp.ones((4, 3)))
