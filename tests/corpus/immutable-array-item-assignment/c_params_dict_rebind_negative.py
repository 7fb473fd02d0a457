# corpus: label=negative styles=return,helper batch=c
"""Assigning a dict entry or a list slot that holds an array is fine: no array is mutated."""

import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (n_in, n_out)), "b": jnp.zeros(n_out)}
        for k, n_in, n_out in zip(keys, sizes[:-1], sizes[1:])
    ]


def set_output_prior(params, log_prior):
    last = dict(params[-1])
    last["b"] = last["b"].at[1].set(log_prior)
    params[-1] = last
    return params


params = set_output_prior(init_mlp(jax.random.key(0), (3, 8, 2)), -2.0)
params[0]["w"] = params[0]["w"] * 0.5
print(params[-1]["b"])
