"""A compact block makes a Dense layer and a helper tweaks an attribute of the layer it is given."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
from flax import linen as nn


def configure(layer, scale):
    layer.init_scale = scale  # expect: linen-module-attribute-frozen
    return layer


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        dense = configure(nn.Dense(8), 0.5)
        return nn.relu(dense(x))


print(Block().init(jax.random.PRNGKey(0), jnp.ones((1, 4)))["params"]["Dense_0"]["kernel"].shape)
