"""A jax.tree_util.Partial is a pytree of its bound arrays, so it may be carried."""
# corpus: label=negative styles=attribute,method batch=s32

import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def shifted(offset, h):
    return jax.nn.relu(h - offset)


class Stack:
    def __init__(self, depth):
        self.depth = depth
        self.activation = Partial(shifted, jnp.float32(0.1))

    def __call__(self, x):
        def body(i, carry):
            h, act = carry
            return act(h), act

        return jax.lax.fori_loop(0, self.depth, body, (x, self.activation))


print(Stack(3)(jnp.ones(4)))
