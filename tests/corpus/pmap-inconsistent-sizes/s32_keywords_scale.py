"""Keyword arguments are mapped over their leading axis as well: a per-device scale of the wrong length."""
# corpus: label=positive styles=transform batch=s32

import jax
import jax.numpy as jnp

scaled = jax.pmap(lambda x, scale: x * scale)
print(scaled(x=jnp.ones((2, 3)), scale=jnp.full((4,), 0.5)))  # expect: pmap-inconsistent-sizes
