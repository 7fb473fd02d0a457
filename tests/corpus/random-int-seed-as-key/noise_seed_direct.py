"""Gaussian noise drawn with a literal seed where the key belongs."""
# corpus: label=positive styles=direct

import jax.numpy as jnp
from jax import random

x = jnp.ones((4, 3))
noise = random.normal(42, (4, 3))  # expect: random-int-seed-as-key
x_noisy = x + 0.1 * noise
