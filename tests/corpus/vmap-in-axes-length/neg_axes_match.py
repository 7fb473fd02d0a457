"""Per-example gradients with in_axes=(None, 0): one entry per argument of jax.grad(loss)."""
# corpus: label=negative styles=transform

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.tanh(x @ w) ** 2


per_example_grads = jax.vmap(jax.grad(loss), in_axes=(None, 0))(jnp.full(3, 0.1), jnp.ones((5, 3)))
print(per_example_grads.shape)
