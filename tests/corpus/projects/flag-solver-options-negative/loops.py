"""Bounded while loops: a Python one (eager only) and a `lax` one (jit-friendly)."""

import jax


def while_loop(cond_fun, body_fun, init_val, maxiter, jit):
    if jit:
        return jax.lax.while_loop(cond_fun, body_fun, init_val)
    value = init_val
    for _ in range(maxiter):
        if not cond_fun(value):
            break
        value = body_fun(value)
    return value
