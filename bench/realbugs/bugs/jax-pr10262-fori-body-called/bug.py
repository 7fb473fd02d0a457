# realbug: jax-pr10262-fori-body-called
# source: https://github.com/jax-ml/jax/pull/10262
# kind: not-callable
# raises: TypeError: lax.fori_loop: body_fun argument should be callable
import jax.numpy as jnp
from jax import lax


def body(i, total):
    return total + i


def run(n):
    return lax.fori_loop(0, n, body(0, 0.0), 0.0)  # BUG


print(run(5))
