"""A tutorial cell that prints where a freshly made array lives, written for the old method."""

# corpus: label=positive styles=direct batch=s38

import jax.numpy as jnp

a = jnp.arange(8)
print("Array", a)
print("Device", a.device())  # expect: array-device-called
