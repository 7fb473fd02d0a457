"""An attribute config sets `promotion = "safe"` (a NumPy casting name); the train step enters `jax.numpy_dtype_promotion` with it."""
# corpus: label=positive styles=attribute,parameter batch=s26

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, **entries):
        self.__dict__.update(entries)


def train_step(config, w, g):
    with jax.numpy_dtype_promotion(config.promotion):  # expect: numpy-dtype-promotion-unknown
        return w - config.lr * g


config = Config(promotion="safe", lr=0.1)
print(train_step(config, jnp.ones(3), jnp.ones(3)))
