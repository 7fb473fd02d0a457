# corpus: label=positive styles=helper batch=s39
"""A double-buffered copy's scratch list comes from a helper that allocates its semaphores
with `SemaphoreType.REGULAR` (the tutorial's barrier semaphore type): the copy's wait refuses
them."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def scratch(block):
    return [pltpu.VMEM((2, *block), jnp.float32), pltpu.SemaphoreType.REGULAR((2,))]


def copy_kernel(x_hbm, o_ref, buf, sems):
    for slot in range(2):
        copy = pltpu.make_async_copy(x_hbm.at[slot], buf.at[slot], sems.at[slot])
        copy.start()
        copy.wait()  # expect: pallas-dma-semaphore-type
    o_ref[...] = buf[0] + buf[1]


x = jnp.ones((2, 8, 128), jnp.float32)
out = pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=scratch((8, 128)),
    interpret=True,
)(x)
print(out.sum())
