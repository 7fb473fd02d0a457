# realbug: jax-17187-pure-callback-vectorized-vmap (fixed)
# source: https://github.com/jax-ml/jax/issues/17187
import jax
import jax.numpy as jnp
import numpy as np
from jax import vmap


def g(x, y):
  bsh = jnp.broadcast_shapes(x.shape, y.shape)
  sds = jax.ShapeDtypeStruct(shape=bsh, dtype=jnp.promote_types(x, y))
  return jax.pure_callback(np.add, sds, x, y, vmap_method="broadcast_all")


e = jnp.ones(2)
print(vmap(vmap(g, (0, None)), (None, 0))(e, e))
