# realbug: jax-17187-pure-callback-vectorized-vmap
# source: https://github.com/jax-ml/jax/issues/17187
# kind: pure-callback-vmap
# raises: NotImplementedError: vmap is only supported for the pure_callback primitive when vmap_method
# A NumPy ufunc called through `jax.pure_callback(..., vectorized=True)` under nested vmaps.
# The report's symptom (wrong broadcasting) became an error on jax 0.12: `vectorized` no
# longer chooses a batching method, so vmap refuses a callback without `vmap_method`.
import jax
import jax.numpy as jnp
import numpy as np
from jax import vmap


def g(x, y):
  bsh = jnp.broadcast_shapes(x.shape, y.shape)
  sds = jax.ShapeDtypeStruct(shape=bsh, dtype=jnp.promote_types(x, y))
  return jax.pure_callback(np.add, sds, x, y, vectorized=True)  # BUG


e = jnp.ones(2)
print(vmap(vmap(g, (0, None)), (None, 0))(e, e))
