"""A training script that builds its model through a helper at import, outside any transform."""

# corpus: label=positive styles=helper batch=s39

import haiku as hk
import jax.numpy as jnp


class Encoder(hk.Module):
    def __init__(self, width, name=None):
        super().__init__(name=name)
        self.width = width

    def __call__(self, x):
        return jnp.tanh(hk.Linear(self.width)(x))


def make_model(config):
    encoder = Encoder(config["width"])  # expect: haiku-outside-transform
    return encoder


CONFIG = {"width": 16}
model = make_model(CONFIG)
