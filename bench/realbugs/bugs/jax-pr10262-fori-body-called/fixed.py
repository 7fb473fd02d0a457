# realbug: jax-pr10262-fori-body-called (fixed)
# source: https://github.com/jax-ml/jax/pull/10262
import jax.numpy as jnp
from jax import lax


def body(i, total):
    return total + i


def run(n):
    return lax.fori_loop(0, n, body, 0.0)


print(run(5))
