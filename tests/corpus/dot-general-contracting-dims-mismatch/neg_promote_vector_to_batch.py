"""A helper accepts a single example or a batch: it adds the batch axis to a vector first."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def predict(w, x):
    if x.ndim == 1:
        x = x[None]
    return x @ w


w = jnp.ones((3, 2))
print(predict(w, jnp.ones(3)).shape, predict(w, jnp.ones((5, 3))).shape)
