"""A sampler accepts a seed or a key: an int (or a NumPy integer) is made into a key, a key is
used as it is; it is called with a key."""
# corpus: label=negative styles=helper,parameter batch=e

import jax
import numpy as np


def as_key(seed_or_key):
    if isinstance(seed_or_key, (int, np.signedinteger)):
        return jax.random.PRNGKey(seed_or_key)
    return seed_or_key


def sample(seed_or_key, n):
    return jax.random.normal(as_key(seed_or_key), (n,))


sample(jax.random.PRNGKey(1), 3)
sample(7, 3)
