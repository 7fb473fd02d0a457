"""Splitting a batch of keys in two each, by vmapping split with its default count."""
# corpus: label=negative styles=transform,direct

import jax

keys = jax.random.split(jax.random.key(0), 4)
children = jax.vmap(jax.random.split)(keys)
print(children.shape)
