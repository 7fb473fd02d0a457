"""A LayerNorm whose scale is given He initialisation, initialised on its own."""

# corpus: label=positive styles=direct batch=s40

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.nn.initializers import he_normal

norm = nn.LayerNorm(scale_init=he_normal())  # expect: variance-scaling-one-dimensional
state = norm.init(jax.random.PRNGKey(3), jnp.ones((4, 16)))
