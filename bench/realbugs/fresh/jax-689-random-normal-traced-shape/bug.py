# realbug: jax-689-random-normal-traced-shape
# source: https://github.com/jax-ml/jax/pull/689
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax.numpy as np
from jax import jit, random


@jit
def feature_map(n, d, sigma=1.0, seed=123):
    key = random.PRNGKey(seed)
    W = random.normal(key, (d, n)) / sigma  # BUG
    w = random.normal(key, (d,)) / sigma  # BUG
    b = 2 * np.pi * random.uniform(key, (d,))  # BUG
    return W.sum() + w.sum() + b.sum()


print(feature_map(5, 3))
