# corpus: label=positive styles=helper batch=c
"""A metrics helper averages the positive entries with a boolean mask; the jitted eval step
calls it."""

import jax
import jax.numpy as jnp


def positive_mean(values):
    return values[values > 0].mean()  # expect: non-concrete-boolean-index-error


@jax.jit
def eval_step(params, x):
    scores = x @ params
    return {"mean_positive": positive_mean(scores), "max": scores.max()}


print(eval_step(jnp.ones(3), jnp.array([[1.0, -2.0, 0.5], [-1.0, -1.0, -1.0]])))
