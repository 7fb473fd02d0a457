# realbug: jax-16484-random-key-array-of-seeds
# source: https://github.com/jax-ml/jax/pull/16484
# kind: key-not-scalar-seed
# raises: TypeError: key accepts a scalar seed, but was given an array of shape
# One key per seed made by passing the array of seeds to `jax.random.key`, which used to
# map over them implicitly (the PR made it an error).
import jax
import jax.numpy as jnp

seeds = jnp.arange(4)
keys = jax.random.key(seeds)  # BUG
print(jax.random.normal(keys[0], (2,)))
