"""A residual stack applies its block `depth` times with a Python `range`; `depth` arrives as a jit argument."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def block(x, w):
    return x + jnp.tanh(x @ w)


def stack(x, w, depth):
    for _ in range(depth):  # expect: tracer-integer-conversion-error
        x = block(x, w)
    return x


forward = jax.jit(stack)
print(forward(jnp.ones((2, 4)), jnp.eye(4), 3))
