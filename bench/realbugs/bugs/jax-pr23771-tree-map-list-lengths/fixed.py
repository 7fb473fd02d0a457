# realbug: jax-pr23771-tree-map-list-lengths (fixed)
# source: https://github.com/jax-ml/jax/pull/23771
import jax

old = {"a": {"b": [1.0, 2.0, 3.0, 4.0]}}
new = {"a": {"b": [1.0, 2.0, 3.0, 4.0]}}
print(jax.tree.map(lambda x, y: x + y, old, new))
