# realbug: jax-35996-tree-map-prefix-rest
# source: https://github.com/jax-ml/jax/issues/35996
# kind: tree-structure
# raises: TypeError: unsupported operand type\(s\) for \+: 'int' and 'tuple'
import jax

tree = 1
rest = (1,1)

jax.tree.map(lambda x, y: x + y, tree, rest)  # BUG
