"""The config's seed is turned into a key first."""
# corpus: label=negative styles=attribute,helper batch=s26

import jax


class Config:
    seed = 0
    features = 4


def init_params(config):
    return jax.random.normal(jax.random.key(config.seed), (config.features, config.features))


print(init_params(Config()))
