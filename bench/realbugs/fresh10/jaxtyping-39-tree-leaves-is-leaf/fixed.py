# realbug: jaxtyping-39-tree-leaves-is-leaf (fixed)
# source: https://github.com/patrick-kidger/jaxtyping/issues/39
import jax
import jax.numpy as jnp


def is_leaftype(x):
    return isinstance(x, jax.Array)


def check(obj):
    leaves = jax.tree_util.tree_leaves(obj, is_leaf=is_leaftype)
    return all(is_leaftype(leaf) for leaf in leaves)


print(check({"a": jnp.ones(3), "b": [jnp.zeros(2)]}))
