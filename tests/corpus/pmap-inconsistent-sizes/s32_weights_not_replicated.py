"""Data-parallel step: the batch is split over the devices, the weights were never replicated."""
# corpus: label=positive styles=direct batch=s32

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x @ w) ** 2)


w = jnp.ones((2, 3))
x = jnp.ones((8, 16, 2))
print(jax.pmap(loss)(w, x))  # expect: pmap-inconsistent-sizes
