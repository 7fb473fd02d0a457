"""A fitting helper's model takes one tuple input `x = (x1, x2)`; the helper gives vmap `in_axes=(0, 0)`, which vmap reads as two positional arguments. Based on Drenderer/klax#19."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def model(x):
    x1, x2 = x
    return jnp.sum(x1 * x2)


def batched_predict(fn, x, in_axes):
    return jax.vmap(fn, in_axes=in_axes)(x)  # expect: vmap-in-axes-length


data = (jnp.ones((8, 3)), jnp.ones((8, 3)))
print(batched_predict(model, data, (0, 0)))
