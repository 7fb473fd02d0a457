"""A block with always-on (Monte Carlo) dropout, applied for a prediction without a dropout key."""

# corpus: label=positive styles=method batch=s39
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
sample = block.apply(variables, x)  # expect: linen-apply-rng-missing
