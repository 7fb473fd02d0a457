"""The update keeps x a scalar."""
# corpus: label=negative styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def solve(f_prime, x0, steps):
    def keep_going(state):
        step, _ = state
        return step < steps

    def update(state):
        step, x = state
        return step + 1, x - 0.1 * f_prime(x)

    return lax.while_loop(keep_going, update, (0, x0))


print(solve(lambda x: 2 * x, jnp.array(3.0), 5))
