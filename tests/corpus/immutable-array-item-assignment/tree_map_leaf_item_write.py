"""`jax.tree.map(jnp.asarray, d)["a"]` is a jax.Array leaf: writing into it raises."""
# corpus: label=positive styles=return
# realcode: cause M

import jax
import jax.numpy as jnp
import numpy as np

d = {"a": np.zeros(3), "c": {"d": 4.0}}
jax.tree.map(jnp.asarray, d)["a"][0] = 1  # expect: immutable-array-item-assignment
