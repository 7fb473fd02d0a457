"""Per-example branch indices given to switch without vmap."""

# corpus: label=positive styles=direct batch=s37

import jax
import jax.numpy as jnp

indices = jnp.array([0, 1, 1, 0])
branches = [jnp.sin, jnp.cos]
values = jax.lax.switch(indices, branches, jnp.ones(4))  # expect: switch-index-not-integer
