# realbug: jax-22783-kernel-indexes-with-captured-array
# source: https://github.com/jax-ml/jax/issues/22783
# kind: pallas-kernel-captures-array
# raises: ValueError: The kernel function .* captures constants
# The report (interpret mode) was about the axis order of mixed basic and integer-array
# indexing; on 0.12 the same program stops earlier: the kernel closes over the index array
# `a`, a JAX array that is not one of its Refs.
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
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[::4, a]  # BUG


y_ = kernel(x)
np.testing.assert_array_equal(y_, y)
