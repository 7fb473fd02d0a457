"""A model module of the user's own, built at import time to be handed to a trainer."""

# corpus: label=positive styles=direct batch=s37

import haiku as hk
import jax.numpy as jnp


class Classifier(hk.Module):
    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes

    def __call__(self, x):
        x = hk.Linear(32)(x)
        return hk.Linear(self.num_classes)(jnp.tanh(x))


class Deeper(Classifier):
    pass


model = Deeper(num_classes=10)  # expect: haiku-outside-transform
