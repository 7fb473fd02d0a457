"""An attribute config's integer seed is passed straight to `jax.random.normal` where a key goes."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax


class Config:
    seed = 0
    features = 4


def init_params(config):
    shape = (config.features, config.features)
    return jax.random.normal(config.seed, shape)  # expect: random-int-seed-as-key


print(init_params(Config()))
