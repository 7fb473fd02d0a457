"""Raises CallCompactUnboundModuleError: a Linen Dense layer called outside init/apply."""

import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(10)
layer(jnp.ones((5, 5)))
