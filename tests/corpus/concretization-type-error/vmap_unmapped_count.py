"""`jax.vmap(..., in_axes=(0, None))` passes the unmapped count through as is, so `jnp.arange(n)` works."""
# corpus: label=negative styles=parameter,transform

import jax
import jax.numpy as jnp


def one_hot(label, num_classes):
    return (jnp.arange(num_classes) == label).astype(jnp.float32)


labels = jnp.array([0, 2, 1])
encoded = jax.vmap(one_hot, in_axes=(0, None))(labels, 3)
