# realbug: jax-35996-tree-map-prefix-rest (fixed)
# source: https://github.com/jax-ml/jax/issues/35996
import jax

tree = 1
rest = (1,1)

jax.tree.map(lambda y, x: x + y, rest, jax.tree.broadcast(tree, rest))
