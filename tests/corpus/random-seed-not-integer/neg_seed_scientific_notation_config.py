"""The training config keeps its seed as an int with digit separators."""
# corpus: label=negative styles=attribute,parameter

import jax


class Config:
    seed = 10_000
    batch_size = 32


def init_rng(config):
    return jax.random.PRNGKey(config.seed)


init_rng(Config())
