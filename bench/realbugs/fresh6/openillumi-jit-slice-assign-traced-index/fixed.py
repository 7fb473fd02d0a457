# realbug: openillumi-jit-slice-assign-traced-index (fixed)
# source: https://openillumi.com/?p=120704
import jax
import jax.numpy as jnp


def other_fun(y):
    return y * 2.0


@jax.jit
def fun(x, index):
    mask = jnp.arange(x.shape[0]) < index
    return jnp.where(mask, other_fun(x), x)


fun(jnp.arange(5.0), 3)
