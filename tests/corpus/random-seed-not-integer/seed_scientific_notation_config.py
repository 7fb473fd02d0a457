"""A training config keeps its seed in scientific notation, which makes it a float."""
# corpus: label=positive styles=attribute,parameter

import jax


class Config:
    seed = 1e4
    batch_size = 32


def init_rng(config):
    return jax.random.PRNGKey(config.seed)  # expect: random-seed-not-integer


init_rng(Config())
