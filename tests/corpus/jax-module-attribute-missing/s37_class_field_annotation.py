"""A masked autoencoder's module declares its key field as `jrnd.KeyArray` (jax-vision-transformers' MAE): a class body's annotation is evaluated when the class is made."""
# corpus: label=positive styles=attribute batch=s37

import jax.numpy as jnp
import jax.random as jrnd


class MaskedAutoencoder:
    key: jrnd.KeyArray  # expect: jax-module-attribute-missing
    ratio: float = 0.75

    def mask(self, x):
        return x * jnp.ones_like(x)


print(MaskedAutoencoder().mask(jnp.ones(3)))
