# realbug: jax-39058-unpack-int8-source
# source: https://github.com/jax-ml/jax/issues/39058
# kind: pallas-tpu-unpack-bitwidth
# raises: ValueError: .*(bitwidth of `x` must match the bitwidth of `unpacked_dtype`|Source must be uint32)
# needs: TPU. The report names no whole program (an int4 weight-only matmul whose weights are
# int8-packed); this kernel is ours, cut to the unpack: an int8 array unpacked into int32
# values. Traced on the CPU (interpret mode) it raises the same error, but its fix has no CPU
# rule (unpack_elementwise lowers only for a TPU), so the pair is labelled on the chip.
# TPU label (a TPU v5e with jax 0.10.2, stop 42): raised ValueError: The bitwidth of `x` must
# match the bitwidth of `unpacked_dtype` for unpack_elementwise, but got int8 and int32;
# fixed.py ran. The report's release said "Source must be uint32, got int8".
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def unpack_kernel(w_ref, o_ref):
    w = w_ref[...]
    o_ref[...] = pltpu.unpack_elementwise(  # BUG
        w, index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )


w = jnp.ones((8, 128), jnp.int8)  # BUG
out = pl.pallas_call(unpack_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))(w)
print(out[0, :4])
