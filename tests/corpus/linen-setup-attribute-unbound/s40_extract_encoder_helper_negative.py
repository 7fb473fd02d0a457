"""Transfer learning, done right: the classifier is initialised and bound to its variables
before the helper reads the encoder its setup declares."""

# corpus: label=negative styles=helper,return batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    width: int = 8

    def setup(self):
        self.proj = nn.Dense(self.width)

    def __call__(self, x):
        return nn.relu(self.proj(x))


class Classifier(nn.Module):
    classes: int = 3

    def setup(self):
        self.encoder = Encoder()
        self.head = nn.Dense(self.classes)

    def __call__(self, x):
        return self.head(self.encoder(x))


model = Classifier()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))


def extract_encoder():
    return model.bind(variables).encoder


encoder = extract_encoder()
print(type(encoder).__name__)
