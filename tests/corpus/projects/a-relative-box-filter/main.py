"""Smooths a noisy ramp with the spectra pipeline; the kernel width is passed to the jitted step."""
# corpus: rule=traced-shape-argument label=positive styles=module,attribute

import jax.numpy as jnp
from jax import random
from spectra.pipeline import smooth

signal = jnp.linspace(0.0, 1.0, 32) + 0.1 * random.normal(random.key(0), (32,))
print(smooth(signal, 5))
