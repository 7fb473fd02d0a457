# realbug: klax-19-in-axes-for-tuple-input
# source: https://github.com/Drenderer/klax/issues/19
# kind: in-axes-structure
# raises: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments
import jax
import jax.numpy as jnp


def model(x):
    x1, x2 = x
    return x1 * x2


def loss_fn(model, x, y, in_axes):
    y_pred = jax.vmap(model, in_axes=in_axes)(x)  # BUG
    return jnp.mean((y_pred - y) ** 2)


x = (jnp.ones((8, 3)), jnp.ones((8, 3)))
y = jnp.zeros((8, 3))
print(loss_fn(model, x, y, in_axes=(0, 0)))
