# realbug: jax-32991-cumsum-in-tpu-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/32991
# The fix: the prefix sums of the two elements kept, written as additions.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


# take first two elements
def kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = jnp.stack([x[0], x[0] + x[1]])


def call_kernel(x: jax.Array) -> jax.Array:
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((2,), x.dtype))(x)


x = jax.numpy.arange(4)
y = call_kernel(x)
