# realbug: af2-conformations-15-jax-tree-multimap
# source: https://github.com/delalamo/af2_conformations/issues/15
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_multimap'
# The Colab's pinned Haiku compared parameters before and after a step with
# `jax.tree_multimap` (removed in JAX 0.3.16). Rebuilt as that comparison.
import functools

import jax
import jax.numpy as jnp


def if_changed(is_new, before, after):
  return after if is_new(before, after) else None


def is_new_param(before, after):
  return before is None


before = {"linear": {"w": None, "b": jnp.zeros(2)}}
after = {"linear": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}}
changed = jax.tree_multimap(  # BUG
    functools.partial(if_changed, is_new_param), before, after,
    is_leaf=lambda x: x is None)
print(changed)
