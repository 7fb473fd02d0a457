"""Raises a bare AssertionError: pl.program_id called outside any Pallas kernel."""

from jax.experimental import pallas as pl

pl.program_id(0)
