# realbug: jaxtyping-39-tree-leaves-is-leaf
# source: https://github.com/patrick-kidger/jaxtyping/issues/39
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_leaves'
# jaxtyping's pytree_type.py flattened the checked object with `jax.tree_leaves(obj,
# is_leaf=is_leaftype)`; `jax.tree_leaves` was removed in JAX 0.6. The leaf type check and
# the object are filled in.
import jax
import jax.numpy as jnp


def is_leaftype(x):
    return isinstance(x, jax.Array)


def check(obj):
    leaves = jax.tree_leaves(obj, is_leaf=is_leaftype)  # BUG
    return all(is_leaftype(leaf) for leaf in leaves)


print(check({"a": jnp.ones(3), "b": [jnp.zeros(2)]}))
