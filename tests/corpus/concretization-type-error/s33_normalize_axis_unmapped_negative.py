"""A per-example normalisation whose axis vmap passes unmapped (in_axes None)."""
# corpus: label=negative styles=helper,parameter batch=s33

import jax
import jax.numpy as jnp


def normalize(x, axis):
    return x - jnp.mean(x, axis=axis, keepdims=True)


batch = jnp.ones((5, 4, 3))
print(jax.vmap(normalize, in_axes=(0, None))(batch, 0).shape)
