"""A logging helper reports len() of a loss that is already reduced to a scalar."""
# corpus: label=positive styles=helper,return batch=s25

import jax.numpy as jnp


def mse(pred, y):
    return jnp.mean((pred - y) ** 2)


def log_batch(loss):
    return f"{len(loss)} losses"  # expect: len-of-0d-array


print(log_batch(mse(jnp.ones(4), jnp.zeros(4))))
