"""Splitting a batch of keys, each into as many keys as its row asks, by vmapping split."""
# corpus: label=positive styles=transform,direct

import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 4)
counts = jnp.full((4,), 3)
children = jax.vmap(jax.random.split)(keys, counts)  # expect: concretization-type-error
print(children.shape)
