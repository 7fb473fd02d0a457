# corpus: label=positive styles=parameter batch=c
"""A data augmentation function splits its key, then also uses the parent key for noise."""

import jax
import jax.numpy as jnp


def augment(key, images, noise_scale=0.1):
    flip_key, crop_key = jax.random.split(key)
    flips = jax.random.bernoulli(flip_key, 0.5, (images.shape[0],))
    images = jnp.where(flips[:, None], images[:, ::-1], images)
    offsets = jax.random.randint(crop_key, (images.shape[0],), 0, 2)
    noise = jax.random.normal(key, images.shape) * noise_scale  # expect: key-reuse-error
    return images + noise, offsets


jax.config.update("jax_debug_key_reuse", True)
try:
    out, _ = augment(jax.random.key(42), jnp.ones((3, 5)))
finally:
    jax.config.update("jax_debug_key_reuse", False)
