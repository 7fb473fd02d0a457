# corpus: label=negative styles=direct batch=s36
"""The block gather's index_map takes the prefetched block ids and reads one."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def gather_kernel(block_ids_ref, table_ref, o_ref):
    o_ref[...] = table_ref[...] * 2.0


def gather_blocks(table, block_ids):
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(block_ids.shape[0],),
        in_specs=[pl.BlockSpec((8, 128), lambda i, ids: (ids[i], 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, ids: (i, 0)),
    )
    return pl.pallas_call(
        gather_kernel,
        out_shape=jax.ShapeDtypeStruct((block_ids.shape[0] * 8, 128), table.dtype),
        grid_spec=grid_spec,
        interpret=True,
    )(block_ids, table)


table = jnp.arange(64 * 128, dtype=jnp.float32).reshape(64, 128)
block_ids = jnp.array([3, 1, 7, 0], jnp.int32)
print(gather_blocks(table, block_ids).sum())
