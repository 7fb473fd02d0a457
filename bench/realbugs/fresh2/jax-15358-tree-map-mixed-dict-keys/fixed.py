# realbug: jax-15358-tree-map-mixed-dict-keys (fixed)
# source: https://github.com/jax-ml/jax/issues/15358
import jax

print(jax.tree_util.tree_map(lambda x: x + 1, {"1": 7, "y": 42}))
