# corpus: rule=key-reuse-error label=positive styles=module,parameter batch=c
"""A denoising-autoencoder step corrupts its batch with the package's helper."""

import jax
import jax.numpy as jnp
from sampling import corrupt


def train_batch(key, batch):
    noisy = corrupt(key, batch)
    return jnp.mean((noisy - batch) ** 2)


jax.config.update("jax_debug_key_reuse", True)
try:
    print(train_batch(jax.random.key(0), jnp.ones((4, 3))))
finally:
    jax.config.update("jax_debug_key_reuse", False)
