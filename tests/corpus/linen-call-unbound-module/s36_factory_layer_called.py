"""A normalisation layer built by a factory and called on the data it returns."""

# corpus: label=positive styles=return,helper batch=s36
import jax.numpy as jnp
from flax import linen as nn


def make_norm(kind):
    if kind == "layer":
        return nn.LayerNorm()
    return nn.RMSNorm()


norm = make_norm("layer")
normalised = norm(jnp.ones((4, 8)))  # expect: linen-call-unbound-module
