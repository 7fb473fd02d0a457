# corpus: label=positive styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp


def replicate(fn, axes=None):
    return jax.vmap(fn, in_axes=axes)


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2)


per_example = replicate(loss)
per_example(jnp.ones(4), jnp.ones((8, 4)))  # expect: vmap-no-mapped-arguments
