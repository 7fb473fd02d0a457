"""`random.fold_in(key, i)` derives a key per layer without consuming the parent; `clone` copies one."""
# corpus: label=negative styles=parameter

import itertools

import jax
from jax import random


def init_mlp(key, sizes):
    params = []
    for i, (n_in, n_out) in enumerate(itertools.pairwise(sizes)):
        layer_key = random.fold_in(key, i)
        params.append(random.normal(layer_key, (n_in, n_out)) * 0.1)
    return params


with jax.debug_key_reuse(True):
    root = random.key(0)
    init_mlp(root, [3, 16, 16, 1])
    backup = random.clone(root)
    eps = random.normal(root, (2,))
    other = random.uniform(backup, (2,))
