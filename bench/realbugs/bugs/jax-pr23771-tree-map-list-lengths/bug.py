# realbug: jax-pr23771-tree-map-list-lengths
# source: https://github.com/jax-ml/jax/pull/23771
# kind: pytree-structure
# raises: ValueError: .*(List arity mismatch|list of length|pytree structure)
import jax

old = {"a": {"b": [1.0, 2.0, 3.0]}}
new = {"a": {"b": [1.0, 2.0, 3.0, 4.0]}}
print(jax.tree.map(lambda x, y: x + y, old, new))  # BUG
