"""A predictor keeps what its init helper returned and wraps it as the params once more."""

# corpus: label=positive styles=attribute,return,method batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(nn.relu(nn.Dense(8)(x)))


def init_params(model, x):
    return model.init(jax.random.key(0), x)


class Predictor:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def __call__(self, x):
        return self.model.apply({"params": self.params}, x)  # expect: linen-apply-variables-nested


model = MLP()
x = jnp.ones((3, 5))
print(Predictor(model, init_params(model, x))(x).shape)
