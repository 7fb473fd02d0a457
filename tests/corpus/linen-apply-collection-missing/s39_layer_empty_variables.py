"""A Dense layer tried out with an empty variables dict."""

# corpus: label=positive styles=direct batch=s39
import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(3)
y = layer.apply({}, jnp.ones((1, 2)))  # expect: linen-apply-collection-missing
