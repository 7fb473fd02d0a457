# realbug: af2-conformations-15-jax-tree-multimap (fixed)
# source: https://github.com/delalamo/af2_conformations/issues/15
import functools

import jax
import jax.numpy as jnp


def if_changed(is_new, before, after):
  return after if is_new(before, after) else None


def is_new_param(before, after):
  return before is None


before = {"linear": {"w": None, "b": jnp.zeros(2)}}
after = {"linear": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}}
changed = jax.tree_util.tree_map(
    functools.partial(if_changed, is_new_param), before, after,
    is_leaf=lambda x: x is None)
print(changed)
