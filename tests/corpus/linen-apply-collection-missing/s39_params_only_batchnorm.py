"""A ResNet-style block with BatchNorm evaluated with its parameters only."""

# corpus: label=positive styles=attribute batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Conv(4, kernel_size=(3, 3))(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return nn.relu(y + x)


block = Block()
images = jnp.ones((2, 8, 8, 4))
variables = block.init(jax.random.key(0), images, train=False)
state = {"params": variables["params"]}
out = block.apply(state, images, train=False)  # expect: linen-apply-collection-missing
