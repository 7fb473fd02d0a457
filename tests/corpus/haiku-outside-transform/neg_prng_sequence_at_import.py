"""A key sequence made at import time (it needs no transform), used with init."""
# corpus: label=negative styles=attribute

import haiku as hk
import jax.numpy as jnp

rngs = hk.PRNGSequence(42)


class Config:
    hidden = 400
    model = hk.transform(lambda x: hk.Linear(Config.hidden)(x))


params = Config.model.init(next(rngs), jnp.ones((1, 3)))
