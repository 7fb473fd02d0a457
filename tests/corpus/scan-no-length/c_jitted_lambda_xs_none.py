# corpus: label=positive styles=transform,return batch=c
"""A jitted lambda scans with xs=None spelled out as a keyword."""

import jax
import jax.numpy as jnp
from jax import lax


def count_step(c, _):
    return c + 1, c * 2


run = jax.jit(lambda c0: lax.scan(count_step, c0, xs=None))  # expect: scan-no-length
print(run(jnp.int32(0)))
