"""Transfer learning: a helper pulls the pretrained encoder out of the classifier it was
built into, reading what the classifier's setup declares from the module built at import."""

# corpus: label=positive styles=helper,return batch=s40

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


def extract_encoder():
    return model.encoder  # expect: linen-setup-attribute-unbound


encoder = extract_encoder()
print(encoder, jnp.zeros(1))
