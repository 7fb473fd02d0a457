"""Trying a convolution out at a notebook's top level, as a PyTorch layer is tried."""

# corpus: label=positive styles=module batch=s36
import jax.numpy as jnp
from flax import linen as nn

conv = nn.Conv(features=8, kernel_size=(3, 3))
images = jnp.ones((2, 16, 16, 3))
features = conv(images)  # expect: linen-call-unbound-module
