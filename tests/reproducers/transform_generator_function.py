"""Raises TypeError: jax.jit is given a generator function (a def with a yield), whose call
returns a generator, not arrays; jit checks this when it wraps the function."""

import jax


def running_totals(x):
    yield x
    yield 2 * x


jax.jit(running_totals)
