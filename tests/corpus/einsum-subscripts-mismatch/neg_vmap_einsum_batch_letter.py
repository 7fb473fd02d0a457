"""The per-example subscripts drop the batch letter."""
# corpus: label=negative styles=transform

import jax
import jax.numpy as jnp


def gram(features):
    return jnp.einsum("nd,md->nm", features, features)


batch = jnp.ones((4, 10, 16))
print(jax.vmap(gram)(batch).shape)
