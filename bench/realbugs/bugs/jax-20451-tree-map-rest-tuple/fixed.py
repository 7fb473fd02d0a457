# realbug: jax-20451-tree-map-rest-tuple (fixed)
# source: https://github.com/jax-ml/jax/issues/20451
import jax

tree = (1, (2, 3), ())
print(jax.tree_util.tree_map(lambda x, y, z: x, tree, tree, tree))
