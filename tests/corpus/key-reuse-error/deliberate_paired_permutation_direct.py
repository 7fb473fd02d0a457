"""Images and labels permuted with one key, on purpose: the same permutation keeps them paired."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)
try:
    key = jax.random.key(0)
    images = jnp.arange(32.0).reshape(8, 4)
    labels = jnp.arange(8)
    images = jax.random.permutation(key, images)
    labels = jax.random.permutation(key, labels)  # expect: key-reuse-error
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
