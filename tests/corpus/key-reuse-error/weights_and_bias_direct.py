"""One key draws both the weights and the bias (key-reuse checking on, so JAX raises)."""
# corpus: label=positive styles=direct

import jax
from jax import random

with jax.debug_key_reuse(True):
    key = random.key(0)
    w = random.normal(key, (3, 3))
    b = random.uniform(key, (3,))  # expect: key-reuse-error
