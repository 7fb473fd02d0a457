"""The caller packs an integrator function among the arrays it hands to the solver as one tuple."""
# corpus: label=positive styles=parameter batch=s32

import jax.numpy as jnp
from jax.lax import while_loop


def solve(packed):
    def cond(carry):
        k, _ = carry
        return k < 5

    def body(carry):
        k, state = carry
        x, step = state
        return k + 1, (step(x), step)

    final = while_loop(cond, body, (0, packed))  # expect: argument-of-type-is-not-a-valid-jax-type
    return final[1]


def integrator(x):
    return x * 0.9


print(solve((jnp.ones(3), integrator)))
