"""The same helper, called inside the function given to hk.transform."""

# corpus: label=negative styles=helper batch=s39

import haiku as hk
import jax
import jax.numpy as jnp


class Encoder(hk.Module):
    def __init__(self, width, name=None):
        super().__init__(name=name)
        self.width = width

    def __call__(self, x):
        return jnp.tanh(hk.Linear(self.width)(x))


def make_model(config):
    encoder = Encoder(config["width"])
    return encoder


CONFIG = {"width": 16}
forward = hk.transform(lambda x: make_model(CONFIG)(x))
params = forward.init(jax.random.PRNGKey(0), jnp.ones((2, 4)))
