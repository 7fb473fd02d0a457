# realbug: jax-20406-jit-argument-bound-into-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/20406
# The fix: `k` is a static argument of the jitted function, so the kernel gets a Python int.
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def dia_kernel(x_ref, y_ref, z_ref, *, k):
    z_ref[:] = jnp.zeros_like(y_ref)
    z_ref[pl.ds(start=-k, size=y_ref.shape[0]), :] = x_ref[:] * y_ref[:]


@partial(jax.jit, static_argnames="k")
def dia(x: jax.Array, y: jax.Array, k: int) -> jax.Array:
    return pl.pallas_call(
        partial(dia_kernel, k=k),
        out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
        interpret=True,
    )(x, y)


x = jnp.expand_dims(jnp.arange(4), axis=1)
y = jnp.arange(1, 17).reshape(4, 4)
k = 1
res = dia(x, y, k)
print(res)
