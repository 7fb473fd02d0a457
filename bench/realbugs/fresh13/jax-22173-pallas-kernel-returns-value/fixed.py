# realbug: jax-22173-pallas-kernel-returns-value (fixed)
# source: https://github.com/jax-ml/jax/pull/22173
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_one_kernel(x_ref, o_ref):
  o_ref[...] = x_ref[...] + 1


x = jnp.ones((8, 128))
out = pl.pallas_call(
    add_one_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out)
