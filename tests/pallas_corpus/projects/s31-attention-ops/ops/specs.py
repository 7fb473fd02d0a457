"""Block specs for the attention kernels, shared by the launchers."""

from jax.experimental import pallas as pl


def row_block(block_q, head_dim):
    """One block of query rows, all of the head dimension."""
    return pl.BlockSpec((block_q, head_dim), lambda i: (i,))  # expect: pallas-index-map-arity
