"""A residual tower whose blocks are built in setup, the head appended after the loop."""

# corpus: label=positive styles=attribute batch=s40

from collections.abc import Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    widths: Sequence[int] = (8, 8)
    classes: int = 3

    def setup(self):
        self.blocks = [nn.Dense(width, name=f"block_{i}") for i, width in enumerate(self.widths)]
        self.blocks.append(nn.Dense(self.classes, name="head"))  # expect: linen-setup-list-frozen

    def __call__(self, x):
        for block in self.blocks[:-1]:
            x = x + nn.relu(block(x))
        return self.blocks[-1](x)


model = Tower()
params = model.init(jax.random.PRNGKey(1), jnp.ones((4, 8)))
