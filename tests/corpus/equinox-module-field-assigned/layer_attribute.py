"""A model's linear head, an attribute set in __init__, has its bias zeroed from outside afterwards."""
# corpus: label=positive styles=attribute

import equinox as eqx
import jax
import jax.numpy as jnp


class Classifier(eqx.Module):
    body: eqx.nn.Linear
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.body = eqx.nn.Linear(3, 8, key=k1)
        self.head = eqx.nn.Linear(8, 2, key=k2)

    def __call__(self, x):
        return self.head(jax.nn.relu(self.body(x)))


model = Classifier(jax.random.PRNGKey(1))
model.head.bias = jnp.zeros(2)  # expect: equinox-module-field-assigned
print(model(jnp.ones(3)))
