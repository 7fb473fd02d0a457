"""A learned temperature declared in setup, the module called directly after init."""

# corpus: label=positive styles=method batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class Temperature(nn.Module):
    def setup(self):
        self.log_t = self.param("log_t", nn.initializers.zeros, ())

    def __call__(self, logits):
        return logits / jnp.exp(self.log_t)


scaler = Temperature()
variables = scaler.init(jax.random.PRNGKey(0), jnp.ones((3,)))
calibrated = scaler(jnp.ones((3,)))  # expect: linen-setup-attribute-unbound
