# realbug: jax-9349-where-dict-operands (fixed)
# source: https://github.com/jax-ml/jax/issues/9349
import jax
import jax.numpy as jnp

jax.tree.map(lambda x, y: jnp.where(True, x, y), {'a':1}, {'a':2})
