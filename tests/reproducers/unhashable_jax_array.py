"""Raises TypeError: a JAX array (an item of an iterated array) used as a dict key."""

import jax.numpy as jnp

labels = {0: "cat", 1: "dog"}
predictions = jnp.array([1, 0])
names = [labels[p] for p in predictions]
