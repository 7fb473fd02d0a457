"""An MLP initializer loops over layers drawing every weight matrix from the same key parameter."""
# corpus: label=positive styles=parameter

import itertools

import jax
from jax import random


def init_mlp(key, sizes):
    params = []
    for n_in, n_out in itertools.pairwise(sizes):
        w = random.normal(key, (n_in, n_out)) * 0.1  # expect: key-reuse-error
        params.append(w)
    return params


with jax.debug_key_reuse(True):
    init_mlp(random.key(0), [3, 16, 16, 1])
