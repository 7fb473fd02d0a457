"""Raises ApplyScopeInvalidVariablesStructureError: the variables init returned, wrapped in
another {"params": ...} for apply."""

import jax
import jax.numpy as jnp
from flax import linen as nn

model = nn.Dense(3)
x = jnp.ones((2, 4))
variables = model.init(jax.random.key(0), x)
model.apply({"params": variables}, x)
