# realbug: jax-22173-pallas-kernel-returns-value
# source: https://github.com/jax-ml/jax/pull/22173
# kind: pallas-kernel
# raises: ValueError: The kernel function in the pallas_call .* should return None
# A Pallas kernel that writes its output ref and also returns the value (the PR lists the
# errors this produced before the check; on the CPU interpreter it is run with interpret=True).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_one_kernel(x_ref, o_ref):
  o_ref[...] = x_ref[...] + 1
  return o_ref[...]  # BUG


x = jnp.ones((8, 128))
out = pl.pallas_call(  # BUG
    add_one_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out)
