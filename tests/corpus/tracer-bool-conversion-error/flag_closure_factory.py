"""A factory returns a step function that validates its input in Python when eager, and
returns it jitted (without the validation) otherwise; the flag is read from the environment
by the caller."""
# corpus: label=negative styles=attribute,return,parameter

import os

import jax
import jax.numpy as jnp


def make_step(learning_rate, use_jit):
    def step(params, grads):
        if not use_jit:
            if jnp.any(jnp.isnan(grads)):
                raise FloatingPointError("NaN gradient")
        return params - learning_rate * grads

    return jax.jit(step) if use_jit else step


def train(params, use_jit):
    step = make_step(0.1, use_jit)
    for _ in range(3):
        params = step(params, 2 * params)
    return params


print(train(jnp.ones(4), os.environ.get("EAGER") is None))
