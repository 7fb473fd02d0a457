"""Trying a convolution out at a notebook's top level, through init and apply."""

# corpus: label=negative styles=module batch=s36
import jax
import jax.numpy as jnp
from flax import linen as nn

conv = nn.Conv(features=8, kernel_size=(3, 3))
images = jnp.ones((2, 16, 16, 3))
variables = conv.init(jax.random.PRNGKey(0), images)
features = conv.apply(variables, images)
