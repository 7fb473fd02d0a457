"""Two embeddings joined on the feature axis, but they are single vectors, not batches."""
# corpus: label=positive styles=direct

import jax.numpy as jnp

user = jnp.ones(16)
item = jnp.ones(16)
joined = jnp.concatenate([user, item], axis=1)  # expect: axis-out-of-bounds
print(joined.shape)
