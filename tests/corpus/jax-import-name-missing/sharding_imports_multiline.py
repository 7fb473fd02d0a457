"""Sharding helpers importing several experimental modules, one of them removed."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp
from jax.experimental import (
    checkify,
    maps,  # expect: jax-import-name-missing
    pjit,
)

mesh = jax.make_mesh((8,), ("i",))
print(checkify, maps, pjit, mesh, jnp.ones(2))
