"""A module derives an attribute from a field in __post_init__, before calling super().__post_init__()."""
# corpus: label=negative styles=attribute

import jax
import jax.numpy as jnp
from flax import linen as nn


class Head(nn.Module):
    classes: int

    def __post_init__(self):
        self.logits_size = self.classes + 1
        super().__post_init__()

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.logits_size)(x)


print(Head(3).init(jax.random.PRNGKey(0), jnp.ones((1, 2)))["params"]["Dense_0"]["bias"].shape)
