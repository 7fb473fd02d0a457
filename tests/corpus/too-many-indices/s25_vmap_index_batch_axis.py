"""Inside vmap a helper still indexes the batch axis the map removed."""
# corpus: label=positive styles=transform,method batch=s25

import jax
import jax.numpy as jnp


class Pool:
    def first(self, x):
        return x[:, 0, :]  # expect: too-many-indices


print(jax.vmap(Pool().first)(jnp.ones((2, 5, 4))).shape)
