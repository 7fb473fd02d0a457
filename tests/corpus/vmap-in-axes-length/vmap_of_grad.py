"""Per-example gradients: jax.grad(loss) takes (w, x), but in_axes has an entry for a label too."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.tanh(x @ w) ** 2


w = jnp.full(3, 0.1)
xs = jnp.ones((5, 3))
per_example_grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(  # expect: vmap-in-axes-length
    w, xs
)
print(per_example_grads.shape)
