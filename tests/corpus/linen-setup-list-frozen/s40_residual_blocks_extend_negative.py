"""The same tower, its blocks gathered in a local list and assigned once complete."""

# corpus: label=negative styles=attribute batch=s40

from collections.abc import Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    widths: Sequence[int] = (8, 8)
    classes: int = 3

    def setup(self):
        blocks = [nn.Dense(width, name=f"block_{i}") for i, width in enumerate(self.widths)]
        blocks.append(nn.Dense(self.classes, name="head"))
        self.blocks = blocks

    def __call__(self, x):
        for block in self.blocks[:-1]:
            x = x + nn.relu(block(x))
        return self.blocks[-1](x)


model = Tower()
params = model.init(jax.random.PRNGKey(1), jnp.ones((4, 8)))
