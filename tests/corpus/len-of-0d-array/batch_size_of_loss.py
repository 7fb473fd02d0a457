"""A logging helper divides by the batch size it reads with len() from the scalar loss."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def loss_fn(pred, target):
    return jnp.mean((pred - target) ** 2)


def per_example(loss):
    return loss / len(loss)  # expect: len-of-0d-array


per_example(loss_fn(jnp.ones(8), jnp.zeros(8)))
