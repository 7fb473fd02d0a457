"""The helper wraps the tuple's axes in a one-entry tuple, one entry per positional argument. Based on Drenderer/klax#19."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def model(x):
    x1, x2 = x
    return jnp.sum(x1 * x2)


def batched_predict(fn, x, in_axes):
    return jax.vmap(fn, in_axes=(in_axes,))(x)


data = (jnp.ones((8, 3)), jnp.ones((8, 3)))
print(batched_predict(model, data, (0, 0)))
