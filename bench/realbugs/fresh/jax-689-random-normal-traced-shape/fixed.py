# realbug: jax-689-random-normal-traced-shape (fixed)
# source: https://github.com/jax-ml/jax/pull/689
from functools import partial

import jax.numpy as np
from jax import jit, random


@partial(jit, static_argnums=(0, 1))
def feature_map(n, d, sigma=1.0, seed=123):
    key = random.PRNGKey(seed)
    W = random.normal(key, (d, n)) / sigma
    w = random.normal(key, (d,)) / sigma
    b = 2 * np.pi * random.uniform(key, (d,))
    return W.sum() + w.sum() + b.sum()


print(feature_map(5, 3))
