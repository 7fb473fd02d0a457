# corpus: label=positive styles=return,helper batch=c
"""Parameters come back from an init function as a dict; the bias of the last layer is
overwritten in place to set an output prior."""

import itertools

import jax
import jax.numpy as jnp

LAYER_SIZES = (3, 16, 2)


def init_mlp(key, sizes):
    params = []
    keys = jax.random.split(key, len(sizes) - 1)
    for k, (n_in, n_out) in zip(keys, itertools.pairwise(sizes)):
        w = jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in)
        params.append({"w": w, "b": jnp.zeros(n_out)})
    return params


def set_output_prior(params, log_prior):
    last = params[-1]
    last["b"][1] = log_prior  # expect: immutable-array-item-assignment
    return params


params = init_mlp(jax.random.key(0), LAYER_SIZES)
params = set_output_prior(params, -2.0)
