# realbug: jax-689-random-normal-traced-shape (fixed)
# source: https://github.com/jax-ml/jax/pull/689
from functools import partial

import jax.numpy as np
from jax import jit, random


@partial(jit, static_argnums=(0, 1))
def feature_map(n, d, sigma=1.0, seed=123):
    # one key per sampler (the report drew all three from one key, which correlates them)
    k_w, k_v, k_b = random.split(random.PRNGKey(seed), 3)
    W = random.normal(k_w, (d, n)) / sigma
    w = random.normal(k_v, (d,)) / sigma
    b = 2 * np.pi * random.uniform(k_b, (d,))
    return W.sum() + w.sum() + b.sum()


print(feature_map(5, 3))
