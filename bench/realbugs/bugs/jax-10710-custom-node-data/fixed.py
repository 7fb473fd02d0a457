# realbug: jax-10710-custom-node-data (fixed)
# source: https://github.com/jax-ml/jax/issues/10710
import jax
import jax.numpy as jnp

e = dict()
e["a"] = jnp.zeros((1, 4))
e1 = jax.tree_util.tree_map(lambda x: (x, 1.1), e)
l = jax.tree_util.tree_map(lambda a, b: 2.2, e, e1)
print(l)
