# realbug: cryojax-374-tree-map-removed (fixed)
# source: https://github.com/michael-0brien/cryojax/pull/374
import jax
import jax.numpy as jnp

parameters = {"defocus": jnp.array([1.0, 2.0]), "astigmatism": jnp.array([0.1, 0.2])}
as_lists = jax.tree.map(lambda x: x.tolist(), parameters)
