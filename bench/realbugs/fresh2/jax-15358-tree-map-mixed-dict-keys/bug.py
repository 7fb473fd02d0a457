# realbug: jax-15358-tree-map-mixed-dict-keys
# source: https://github.com/jax-ml/jax/issues/15358
# kind: pytree-structure
# raises: ValueError: Comparator raised exception while sorting pytree dictionary keys
import jax

print(jax.tree_util.tree_map(lambda x: x + 1, {1: 7, "y": 42}))  # BUG
