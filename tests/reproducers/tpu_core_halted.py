"""A Pallas TPU kernel that starts a DMA and returns without waiting on it: the semaphore is
still signalled when the kernel exits, and the TPU core halts.

Needs a TPU; written from vllm-project/tpu-inference#412; not run here (the TPU machine was
held by another engineer this stop).
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref, scratch, sem):
    pltpu.make_async_copy(x_hbm, scratch, sem).start()  # never waited on
    o_ref[...] = jnp.zeros_like(o_ref)


out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
)(jnp.ones((8, 128), jnp.float32))
out.block_until_ready()
