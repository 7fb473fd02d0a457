# corpus: label=negative styles=transform,parameter
from functools import partial

import jax
import jax.numpy as jnp


def mse(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


def step(loss, params, x, y):
    return params - 0.1 * jax.grad(partial(loss, x=x, y=y))(params)


step(mse, jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
