"""Raises ValueError: a variance-scaling initializer given as a Dense layer's bias_init (the
bias is 1-D, so it has no fan-in and fan-out)."""

import jax
import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(5, bias_init=nn.initializers.lecun_normal())
layer.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
