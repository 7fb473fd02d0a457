# corpus: label=negative styles=helper batch=s34
"""A project's own decorator hands each table builder to ``functools.singledispatch``; the
int overload builds a writable NumPy table, and that is the one the call picks."""

import functools

import jax.numpy as jnp
import numpy as np


def dispatch_on_size(builder):
    return functools.singledispatch(builder)


@dispatch_on_size
def empty_table(size):
    return jnp.zeros(int(size))


@empty_table.register
def _(size: int):
    return np.zeros(size)


table = empty_table(4)
table[0] = 1.0
print(table)
