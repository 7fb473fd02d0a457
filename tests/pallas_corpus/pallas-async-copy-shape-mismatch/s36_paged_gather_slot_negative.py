# corpus: label=negative styles=direct batch=s36
"""The paged gather copies each page into its slot of the buffer (`buf.at[slot]`)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

PAGE = 16


def paged_gather_kernel(page_table_ref, pages_hbm, o_ref, buf, sem):
    i = pl.program_id(0)
    slot = lax.rem(i, 2)
    page = page_table_ref[i]
    copy = pltpu.make_async_copy(pages_hbm.at[page], buf.at[slot], sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[slot] * 2.0


def paged_gather(pages, page_table):
    n = page_table.shape[0]
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(n,),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((None, PAGE, 128), lambda i, pt: (i, 0, 0)),
        scratch_shapes=[pltpu.VMEM((2, PAGE, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    )
    return pl.pallas_call(
        paged_gather_kernel,
        out_shape=jax.ShapeDtypeStruct((n, PAGE, 128), pages.dtype),
        grid_spec=grid_spec,
        interpret=pltpu.InterpretParams(),
    )(page_table, pages)


pages = jnp.arange(8 * PAGE * 128, dtype=jnp.float32).reshape(8, PAGE, 128)
page_table = jnp.array([5, 2, 7, 0], jnp.int32)
print(paged_gather(pages, page_table).sum())
