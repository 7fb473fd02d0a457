# realbug: jax-1580-jnp-array-of-nones
# source: https://github.com/jax-ml/jax/issues/1580
# kind: array-value
# raises: ValueError: None is not a valid value for jnp.array
# A list-like JAX array initialised with Nones, as NumPy allows (object dtype).
import jax.numpy as jnp

slots = jnp.array([None] * 3)  # BUG
print(slots)
