"""A sampling helper returns the key it consumed instead of a fresh one; the second call reuses it."""
# corpus: label=positive styles=return,helper

import jax
from jax import random


def sample_latent(key, n):
    z = random.normal(key, (n, 8))  # expect: key-reuse-error
    return key, z


def main():
    key = random.key(0)
    key, z1 = sample_latent(key, 4)
    key, z2 = sample_latent(key, 4)
    return z1, z2


jax.config.update("jax_debug_key_reuse", True)
try:
    main()
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
