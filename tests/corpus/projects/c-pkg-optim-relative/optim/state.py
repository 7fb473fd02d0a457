"""Optimizer state containers."""

import jax
import jax.numpy as jnp


def zeros_like_tree(tree):
    return jax.tree_util.tree_map(jnp.zeros_like, tree)
