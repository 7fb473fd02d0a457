# corpus: label=negative styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp


def replicate(fn, axes=None, copies=4):
    return jax.vmap(fn, in_axes=axes, axis_size=copies)


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2)


replicate(loss)(jnp.ones(4), jnp.ones((8, 4)))
