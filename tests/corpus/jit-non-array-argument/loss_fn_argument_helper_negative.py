# corpus: label=negative styles=helper,return
from functools import partial

import jax
import jax.numpy as jnp


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def make_step(loss_fn):
    def step(params, x, y):
        grads = jax.grad(lambda p: loss_fn(x @ p, y))(params)
        return params - 0.1 * grads

    return jax.jit(step)


step = make_step(mse)
step(jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4))
partial(jax.jit, static_argnums=3)(lambda p, x, y, f: f(x @ p, y))(
    jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4), mse
)
