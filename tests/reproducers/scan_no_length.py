"""Raises ValueError: scan has no xs to scan over and no length."""

import jax


def count_up(carry, _):
    return carry + 1, carry


jax.lax.scan(count_up, 0, None)
