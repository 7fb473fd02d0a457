# realbug: jax-17286-from-jax-import-shapedarray
# source: https://github.com/jax-ml/jax/issues/17286
# kind: removed-name
# raises: ImportError: cannot import name 'ShapedArray' from 'jax'
# Running mip-NeRF with JAX 0.4.14: its code imported `ShapedArray` from the top-level
# `jax` namespace (removed in 0.4.14). Rebuilt as the import and an abstract-shape use.
import jax
import jax.numpy as jnp
from jax import ShapedArray  # BUG

spec = ShapedArray((4, 3), jnp.float32)
print(jax.eval_shape(lambda x: x.sum(0), spec))
