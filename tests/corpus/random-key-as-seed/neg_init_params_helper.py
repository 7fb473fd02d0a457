"""An initialiser written for a seed, called by the training script with an int seed."""
# corpus: label=negative styles=helper,parameter batch=e

import jax


def init_params(seed, sizes):
    key = jax.random.PRNGKey(seed)
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (m, n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


root = jax.random.PRNGKey(42)
init_key, data_key = jax.random.split(root)
params = init_params(42, [4, 8, 2])
