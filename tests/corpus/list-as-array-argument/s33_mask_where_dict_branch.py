"""Masking a parameter dict with jnp.where as if it were one array."""
# corpus: label=positive styles=helper batch=s33

import jax.numpy as jnp


def masked_update(keep, new, old):
    return jnp.where(keep, {"w": new, "b": new[:1]}, old)  # expect: list-as-array-argument


masked_update(jnp.array([True, False, True]), jnp.ones(3), jnp.zeros(3))
