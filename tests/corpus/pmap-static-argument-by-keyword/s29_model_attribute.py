"""A model keeps its pmapped apply function as an attribute and names the static depth."""
# corpus: label=positive styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


def apply_layers(x, depth):
    for _ in range(depth):
        x = jnp.tanh(x)
    return x


class Model:
    def __init__(self, depth):
        self.depth = depth
        self.apply = jax.pmap(apply_layers, static_broadcasted_argnums=(1,))

    def predict(self, x):
        return self.apply(x, depth=self.depth)  # expect: pmap-static-argument-by-keyword


model = Model(3)
print(model.predict(jnp.ones((jax.local_device_count(), 2))).shape)
