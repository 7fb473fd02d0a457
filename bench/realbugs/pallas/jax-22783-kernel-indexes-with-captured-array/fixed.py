# realbug: jax-22783-kernel-indexes-with-captured-array (fixed)
# source: https://github.com/jax-ml/jax/issues/22783
# The fix: the index array is an input of the kernel, read from its Ref.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

x_shape = (16, 3)

x = jnp.arange(np.prod(x_shape), dtype=jnp.float32).reshape(x_shape)

a = jnp.array([1, 1, 1, 1, 1], dtype=jnp.int32)
y = x[::4, a]


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct(y.shape, jnp.float32),
    interpret=True,
)
def kernel(x_ref, a_ref, o_ref):
    o_ref[...] = x_ref[...][::4][:, a_ref[...]]


y_ = kernel(x, a)
np.testing.assert_array_equal(y_, y)
