"""The new row gets its leading axis first."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def append(buffer, row):
    return jnp.concatenate([buffer, row[None, :]])


buffer = jnp.zeros((4, 3))
print(append(buffer, jnp.ones(3)).shape)
