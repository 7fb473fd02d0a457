# corpus: label=negative styles=helper,parameter batch=s38
import jax
import jax.numpy as jnp


def per_example(params, example):
    error = params["w"] * example - 1.0
    return jnp.sum(error**2), jnp.zeros_like(example)


def batch_losses(params, batch):
    return jax.vmap(per_example, in_axes=(None, 0), out_axes=(0, None))(params, batch)


batch_losses({"w": jnp.ones(3)}, jnp.ones((8, 3)))
