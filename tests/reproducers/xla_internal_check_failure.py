"""A program that tripped an internal check of XLA's GPU compiler in jax 0.4.24-0.4.28 (the
performance model's "common_utilization <= producer_output_utilization" CHECK, which aborts the
process). Such checks are bugs of one release and build: on the pinned jax nothing trips them,
so this documents the report (jax-ml/jax#17730) rather than reproducing it; needs a GPU and
the affected release.
"""

import jax
import jax.numpy as jnp


@jax.jit
def schedule(epoch, period):
    return 0.5 ** (epoch / period) if period else 1.0


print(schedule(jnp.float32(3.0), 4.0))
