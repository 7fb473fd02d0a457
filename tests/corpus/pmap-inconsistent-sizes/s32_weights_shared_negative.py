"""The weights are shared with every device (in_axes None), only the batch is split."""
# corpus: label=negative styles=direct batch=s32

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x @ w) ** 2)


w = jnp.ones((2, 3))
x = jnp.ones((8, 16, 2))
print(jax.pmap(loss, in_axes=(None, 0))(w, x))
