"""`lax.scan(f, init, None, n)`: the length is passed as the fourth positional argument."""
# corpus: label=negative styles=direct,helper

import jax.numpy as jnp
from jax import lax


def fib_step(state, _):
    a, b = state
    return (b, a + b), a


def fibonacci(n):
    _, fibs = lax.scan(fib_step, (jnp.int32(0), jnp.int32(1)), None, n)
    return fibs


print(fibonacci(10))
