"""Masking each leaf of a parameter dict with jnp.where through jax.tree.map."""
# corpus: label=negative styles=helper batch=s33

import jax
import jax.numpy as jnp


def masked_update(keep, new, old):
    fresh = {"w": new, "b": new}
    stale = {"w": old, "b": old}
    return jax.tree.map(lambda n, o: jnp.where(keep, n, o), fresh, stale)


masked_update(jnp.array([True, False, True]), jnp.ones(3), jnp.zeros(3))
