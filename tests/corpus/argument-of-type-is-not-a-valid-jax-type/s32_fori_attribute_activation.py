"""A layer's activation function, read from an attribute, is carried through a fori_loop."""
# corpus: label=positive styles=attribute,method batch=s32

import jax
import jax.numpy as jnp


class Stack:
    def __init__(self, depth):
        self.depth = depth
        self.activation = jax.nn.relu

    def __call__(self, x):
        def body(i, carry):
            h, act = carry
            return act(h - 0.1 * i), act

        start, loop = (x, self.activation), jax.lax.fori_loop
        return loop(0, self.depth, body, start)  # expect: argument-of-type-is-not-a-valid-jax-type


print(Stack(3)(jnp.ones(4)))
