"""Block sizes for the TPU kernels."""

from jax.experimental import pallas as pl

BLOCK_ROWS = 16
BLOCK_COLS = 100


def tile_spec():
    return pl.BlockSpec(  # expect: pallas-tpu-block-tiling
        (BLOCK_ROWS, BLOCK_COLS), lambda i, j: (i, j)
    )
