# realbug: jax-833-while-loop-carry-dtype (fixed)
# source: https://github.com/jax-ml/jax/issues/833
import jax.numpy as jnp
from jax import lax


def body(i, x):
    return x + 0.5


lax.fori_loop(0, 3, body, jnp.float32(0))
