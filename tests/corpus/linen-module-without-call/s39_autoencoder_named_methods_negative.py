"""The same autoencoder, initialised through the method that builds every layer."""

# corpus: label=negative styles=method batch=s39

import jax
import jax.numpy as jnp
from flax import linen as nn


class AutoEncoder(nn.Module):
    latent: int
    width: int = 8

    def setup(self):
        self.enc = nn.Dense(self.latent)
        self.dec = nn.Dense(self.width)

    def encode(self, x):
        return nn.tanh(self.enc(x))

    def decode(self, z):
        return self.dec(z)

    def reconstruct(self, x):
        return self.decode(self.encode(x))


model = AutoEncoder(latent=2)
params_key, dropout_key = jax.random.split(jax.random.PRNGKey(42))
variables = model.init(params_key, jnp.ones((3, 8)), method=AutoEncoder.reconstruct)
z = model.apply(variables, jnp.ones((3, 8)), method=AutoEncoder.encode)
