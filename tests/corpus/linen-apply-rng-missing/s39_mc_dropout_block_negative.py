"""The Monte Carlo dropout block applied with a dropout key, and with one key for every stream."""

# corpus: label=negative styles=method batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.width)(x))
        return nn.Dropout(rate=0.2, deterministic=False)(h)


block = MCBlock(width=8)
x = jnp.ones((4, 3))
variables = block.init(jax.random.key(0), x)
sample = block.apply(variables, x, rngs={"dropout": jax.random.key(1)})
again = block.apply(variables, x, rngs=jax.random.key(2))
