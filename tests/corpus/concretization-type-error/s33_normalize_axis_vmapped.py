"""A per-example normalisation whose axis is handed to vmap with the data."""
# corpus: label=positive styles=helper,parameter batch=s33

import jax
import jax.numpy as jnp


def normalize(x, axis):
    return x - jnp.mean(x, axis=axis, keepdims=True)  # expect: concretization-type-error


batch = jnp.ones((5, 4, 3))
print(jax.vmap(normalize)(batch, jnp.zeros(5, dtype=jnp.int32)))
