# realbug: jax-833-while-loop-carry-dtype
# source: https://github.com/jax-ml/jax/issues/833
# kind: loop-carry
# raises: TypeError: scan body function carry input and carry output must have equal types
# On 0.12 fori_loop with static bounds lowers to scan, which reports the mismatch as a scan carry.
# The report describes a while_loop/fori_loop carry that comes in as one dtype and goes out as
# another; the loop is filled in (an int32 carry incremented by a float).
import jax.numpy as jnp
from jax import lax


def body(i, x):
    return x + 0.5


lax.fori_loop(0, 3, body, jnp.int32(0))  # BUG
