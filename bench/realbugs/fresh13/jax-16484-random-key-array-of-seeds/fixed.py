# realbug: jax-16484-random-key-array-of-seeds (fixed)
# source: https://github.com/jax-ml/jax/pull/16484
import jax
import jax.numpy as jnp

seeds = jnp.arange(4)
keys = jax.vmap(jax.random.key)(seeds)
print(jax.random.normal(keys[0], (2,)))
