# realbug: jax-20451-tree-map-rest-tuple
# source: https://github.com/jax-ml/jax/issues/20451
# kind: pytree-structure
# raises: ValueError: .*(arity mismatch|Expected|pytree structure|length)
import jax

tree = (1, (2, 3), ())
print(jax.tree_util.tree_map(lambda x, y: x, tree, (tree, tree)))  # BUG
