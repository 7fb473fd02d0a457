"""Inspecting the encoder's projection, declared in setup, after initialising the model."""

# corpus: label=positive styles=attribute batch=s40

import flax.linen as nn
import jax
import jax.numpy as jnp


class Encoder(nn.Module):
    latent: int = 4

    def setup(self):
        self.proj = nn.Dense(self.latent)
        self.norm = nn.LayerNorm()

    def __call__(self, x):
        return self.norm(self.proj(x))


encoder = Encoder(latent=6)
variables = encoder.init(jax.random.PRNGKey(0), jnp.ones((2, 5)))
print("latent size:", encoder.proj.features)  # expect: linen-setup-attribute-unbound
