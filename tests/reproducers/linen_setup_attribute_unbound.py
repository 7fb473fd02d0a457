"""Raises AttributeError: a submodule assigned in setup read from the unbound module."""

from flax import linen as nn


class Model(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(2)

    def __call__(self, x):
        return self.encoder(x)


model = Model()
encoder = model.encoder
