# realbug: jax-23637-fori-loop-bool-of-carry (fixed)
# source: https://github.com/jax-ml/jax/issues/23637
import jax
import jax.numpy as jnp


def body(_, c):
    return jnp.where(c != 0, c, 1.0)


jax.lax.fori_loop(0, 5, body, 3.0)
