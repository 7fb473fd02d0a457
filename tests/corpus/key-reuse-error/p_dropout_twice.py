"""Two dropout calls given the two halves of one split key."""

# corpus: label=negative styles=helper
import jax
import jax.numpy as jnp


def dropout(key, x, rate=0.5):
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0)


key = jax.random.key(0)
k1, k2 = jax.random.split(key)
dropout(k1, jnp.ones(4))
dropout(k2, jnp.ones(4))
