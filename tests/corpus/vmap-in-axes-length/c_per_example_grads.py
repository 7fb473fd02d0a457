# corpus: label=positive styles=transform batch=c
"""Per-example gradients: vmap of jax.grad(loss) with in_axes for (params, x, y), called
with the targets left out."""

import jax
import jax.numpy as jnp


def loss(params, x, y=0.0):
    return (jnp.dot(params, x) - y) ** 2


per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))  # expect: vmap-in-axes-length
params = jnp.ones(3)
xs = jnp.ones((8, 3))
grads = per_example(params, xs)
print(grads.shape)
