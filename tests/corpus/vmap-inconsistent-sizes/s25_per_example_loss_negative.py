"""The per-example loss vmapped over matching batches."""
# corpus: label=negative styles=transform,parameter batch=s25

import jax
import jax.numpy as jnp


def example_loss(params, x, y):
    return (x @ params["w"] - y) ** 2


def batch_loss(params, xs, ys):
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(params, xs, ys).mean()


params = {"w": jnp.ones(3)}
print(batch_loss(params, jnp.ones((32, 3)), jnp.ones(32)))
