"""An MLP whose initializer and dropout draw every key from a KeySeq."""

import itertools

import jax.numpy as jnp
from jax import random
from rngtools import KeySeq


def init_mlp(keys: KeySeq, sizes):
    params = []
    for n_in, n_out in itertools.pairwise(sizes):
        w = random.normal(keys.next(), (n_in, n_out)) / jnp.sqrt(n_in)
        b = random.normal(keys.next(), (n_out,)) * 0.01
        params.append((w, b))
    return params


def apply_mlp(params, x, keys: KeySeq, rate=0.1):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
        keep = random.bernoulli(keys.next(), 1.0 - rate, x.shape)
        x = jnp.where(keep, x / (1.0 - rate), 0.0)
    w, b = params[-1]
    return x @ w + b
