# realbug: jax-1580-jnp-array-of-nones (fixed)
# source: https://github.com/jax-ml/jax/issues/1580
import jax.numpy as jnp

slots = jnp.full((3,), jnp.nan)
print(slots)
