# realbug: jax-25507-fori-loop-dict-key-case (fixed)
# source: https://github.com/jax-ml/jax/issues/25507
import jax
import jax.numpy as jnp


def f(loop_i, x):
    return {"t": jnp.array([0.5])}


init_val = {"t": jnp.array([1.0])}
jax.lax.fori_loop(0, 1, f, init_val)
