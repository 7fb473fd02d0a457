# realbug: crackedaicode-jit-zeros-traced-size (fixed)
# source: https://crackedaicode.com/problems/jax-static-argnames-in-jit
import jax
import jax.numpy as jnp


def repeat_v1(x, n):
    out = jnp.zeros((n * x.shape[0],))
    for i in range(n):
        out = out.at[i * x.shape[0]:(i + 1) * x.shape[0]].set(x)
    return out


jax.jit(repeat_v1, static_argnames=['n'])(jnp.array([1.0, 2.0]), 3)
