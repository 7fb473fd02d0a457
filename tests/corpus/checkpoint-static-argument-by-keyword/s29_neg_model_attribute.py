"""A model keeps a remat-ed layer as an attribute and calls it with its static depth by position."""
# corpus: label=negative styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


def layer(x, depth):
    for _ in range(depth):
        x = jnp.sin(x) * 1.5
    return x


class Model:
    def __init__(self, depth):
        self.depth = depth
        self.layer = jax.remat(layer, static_argnums=1)

    def __call__(self, x):
        return self.layer(x, self.depth)


model = Model(3)
print(model(jnp.arange(4.0)))
