"""The masked mean written with jnp.where and a count, inside the jitted loss."""

# corpus: label=negative styles=helper,transform
import jax
import jax.numpy as jnp


def masked_mean(values, mask):
    return jnp.sum(jnp.where(mask, values, 0.0)) / jnp.maximum(mask.sum(), 1)


@jax.jit
def loss(pred, target):
    return masked_mean((pred - target) ** 2, target > 0)


loss(jnp.ones(4), jnp.arange(4.0))
