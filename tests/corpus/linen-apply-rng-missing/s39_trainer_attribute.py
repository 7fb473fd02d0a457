"""A trainer object holding the model its factory returned, predicting in training mode."""

# corpus: label=positive styles=attribute,return,method batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.Dropout(0.3, deterministic=not train)(x)
        return nn.Dense(2)(x)


def build():
    return Classifier()


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict(self, x):
        return self.model.apply(self.variables, x, train=True)  # expect: linen-apply-rng-missing


x = jnp.ones((4, 5))
model = build()
variables = model.init(jax.random.key(0), x)
print(Trainer(model, variables).predict(x).shape)
