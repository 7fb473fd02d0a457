# corpus: label=positive styles=helper,module batch=s34
"""The environment switch only picks how the buffer is scaled; the write after it runs on
every path."""

import os

import jax.numpy as jnp

DOUBLE = os.environ.get("JAXLSP_CORPUS_DOUBLE", "0") == "1"


def reset_first(buffer):
    if DOUBLE:
        buffer = buffer * 2.0
    buffer[0] = 0.0  # expect: immutable-array-item-assignment
    return buffer


print(reset_first(jnp.ones(4)))
