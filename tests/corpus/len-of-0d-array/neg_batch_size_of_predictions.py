"""The logging helper reads the batch size from the predictions, which have the batch axis."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp


def loss_fn(pred, target):
    return jnp.mean((pred - target) ** 2)


def per_example(loss, pred):
    return loss / len(pred)


pred = jnp.ones(8)
per_example(loss_fn(pred, jnp.zeros(8)), pred)
