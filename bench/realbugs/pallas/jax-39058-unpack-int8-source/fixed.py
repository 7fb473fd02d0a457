# realbug: jax-39058-unpack-int8-source (fixed)
# source: https://github.com/jax-ml/jax/issues/39058
# The fix the report names: the packed data materialised as uint32 (eight int4 per word), the
# bitwidth of the unpacked int32. Ran on a TPU v5e with jax 0.10.2.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def unpack_kernel(w_ref, o_ref):
    w = w_ref[...]
    o_ref[...] = pltpu.unpack_elementwise(
        w, index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )


w = jnp.ones((8, 128), jnp.uint32)
out = pl.pallas_call(unpack_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))(w)
print(out[0, :4])
