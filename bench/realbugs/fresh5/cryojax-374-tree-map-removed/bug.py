# realbug: cryojax-374-tree-map-removed
# source: https://github.com/michael-0brien/cryojax/pull/374
# kind: removed-api
# raises: AttributeError: module 'jax' has no attribute 'tree_map'
# The pull request replaces two `jax.tree_map` calls in the library's star-file writer; the
# writer's pytree of parameters is filled in.
import jax
import jax.numpy as jnp

parameters = {"defocus": jnp.array([1.0, 2.0]), "astigmatism": jnp.array([0.1, 0.2])}
as_lists = jax.tree_map(lambda x: x.tolist(), parameters)  # BUG
