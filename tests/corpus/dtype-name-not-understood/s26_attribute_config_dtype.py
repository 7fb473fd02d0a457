"""An ml_collections-like attribute config (a plain class with attributes set one by one) carries `compute_dtype = "fp32"`; a layer calls `jnp.result_type` on it."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


class ConfigDict:
    pass


def get_config():
    config = ConfigDict()
    config.compute_dtype = "fp32"
    config.features = 4
    return config


class Dense:
    def __init__(self, config):
        self.config = config
        self.w = jnp.ones((config.features, config.features))

    def __call__(self, x):
        dtype = jnp.result_type(self.config.compute_dtype)  # expect: dtype-name-not-understood
        return (x @ self.w).astype(dtype)


print(Dense(get_config())(jnp.ones(4)))
