# corpus: label=positive styles=helper,parameter batch=s38
import jax
import jax.numpy as jnp


def per_example_loss(params, example):
    error = params["w"] * example - 1.0
    return jnp.sum(error**2), jnp.abs(error).max()


def batch_losses(params, batch):
    losses = jax.vmap(per_example_loss, in_axes=(None, 0), out_axes=(0, None))
    return losses(params, batch)  # expect: vmap-out-axes-none-batched


batch_losses({"w": jnp.ones(3)}, jnp.ones((8, 3)))
