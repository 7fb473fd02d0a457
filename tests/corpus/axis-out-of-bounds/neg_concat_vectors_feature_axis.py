"""Two batches of embeddings joined on the feature axis."""
# corpus: label=negative styles=direct

import jax.numpy as jnp

user = jnp.ones((4, 16))
item = jnp.ones((4, 16))
joined = jnp.concatenate([user, item], axis=1)
print(joined.shape)
