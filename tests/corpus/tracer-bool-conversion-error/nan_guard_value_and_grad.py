"""The loss unpacked from `jax.value_and_grad(...)(...)` is tested with Python's `not` in a jitted step."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    if not jnp.isfinite(loss):  # expect: tracer-bool-conversion-error
        return params, loss
    new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return new, loss


params = {"w": jnp.zeros((3,)), "b": jnp.float32(0.0)}
params, loss = train_step(params, jnp.ones((8, 3)), jnp.ones(8))
