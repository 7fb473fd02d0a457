# realbug: jax-32991-cumsum-in-tpu-kernel
# source: https://github.com/jax-ml/jax/issues/32991
# kind: pallas-tpu-unimplemented-primitive
# raises: NotImplementedError: Unimplemented primitive in Pallas TPU lowering.*cumsum
# needs: TPU (v6e in the report). The CPU interpret modes run jnp.cumsum.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: cumsum;
# fixed.py ran.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


# take first two elements
def kernel(x_ref, o_ref):
    x = x_ref[...]
    a = jnp.cumsum(x)  # BUG
    o_ref[...] = jax.lax.slice(a, (0,), (2,))


def call_kernel(x: jax.Array) -> jax.Array:
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((2,), x.dtype))(x)


x = jax.numpy.arange(4)
y = call_kernel(x)
