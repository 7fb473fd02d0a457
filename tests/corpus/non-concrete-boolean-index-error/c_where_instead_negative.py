# corpus: label=negative styles=helper batch=c
"""The metrics helper averages positive entries with jnp.where, which keeps the shape static."""

import jax
import jax.numpy as jnp


def positive_mean(values):
    mask = values > 0
    return jnp.where(mask, values, 0.0).sum() / jnp.maximum(mask.sum(), 1)


@jax.jit
def eval_step(params, x):
    scores = x @ params
    return {"mean_positive": positive_mean(scores), "max": scores.max()}


print(eval_step(jnp.ones(3), jnp.array([[1.0, -2.0, 0.5], [-1.0, -1.0, -1.0]])))
