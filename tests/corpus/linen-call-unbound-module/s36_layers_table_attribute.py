"""Heads kept in a table of layers and called by name."""

# corpus: label=positive styles=attribute,module batch=s36
import jax.numpy as jnp
from flax import linen as nn

heads = {"policy": nn.Dense(4), "value": nn.Dense(1)}
hidden = jnp.ones((2, 16))
logits = heads["policy"](hidden)  # expect: linen-call-unbound-module
