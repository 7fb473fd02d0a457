"""The same calls with the keywords the pinned JAX takes, and an old one tried under except."""

# corpus: label=negative styles=direct batch=s38

import jax
import jax.numpy as jnp

x = jnp.arange(12.0)
y = jnp.reshape(x, shape=(3, 4))
z = jnp.clip(y, min=1.0, max=5.0)
counts, edges = jnp.histogram(z, bins=4, density=True)
try:
    w = jnp.reshape(x, newshape=(4, 3))
except TypeError:
    w = jnp.reshape(x, (4, 3))
key = jax.random.PRNGKey(0)
u = jax.random.uniform(key, shape=(2,), minval=0.0, maxval=1.0)
print(y.shape, z.max(), counts.shape, w.shape, u)
