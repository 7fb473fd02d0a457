# realbug: jax-21999-tpu-reshape-in-kernel
# source: https://github.com/jax-ml/jax/issues/21999
# kind: pallas-tpu-reshape
# raises: .*unsupported shape cast.*
# needs: TPU. The report reshaped an (11, 11, 128) tile to (121, 128) inside the kernel
# ("unsupported shape cast" from Mosaic); the report gives the shapes, the surrounding
# attention code is cut down to the reshape. The CPU interpret modes reshape it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# RUNS (0.10.2 lowers this reshape; the report's release did not): the label is the report's
# release's only; fixed.py ran.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x.reshape(121, 128)  # BUG


@jax.jit
def neigh_attn_pall_2d_batched_single_head(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((121, 128), jnp.float32),
    )(x)


x = jnp.ones((11, 11, 128), jnp.float32)
neigh_attn_pall_2d_batched_single_head(x)
