"""The block applied with its statistics too, and a block without BatchNorm with its params only."""

# corpus: label=negative styles=attribute batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Conv(4, kernel_size=(3, 3))(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return nn.relu(y + x)


class Plain(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.relu(nn.Conv(4, kernel_size=(3, 3))(x) + x)


images = jnp.ones((2, 8, 8, 4))
block = Block()
variables = block.init(jax.random.key(0), images, train=False)
state = {"params": variables["params"], "batch_stats": variables["batch_stats"]}
out = block.apply(state, images, train=False)
plain = Plain()
plain_variables = plain.init(jax.random.key(1), images)
plain_out = plain.apply({"params": plain_variables["params"]}, images)
fresh, stats = block.apply(
    {"params": variables["params"]}, images, train=True, mutable=["batch_stats"]
)
