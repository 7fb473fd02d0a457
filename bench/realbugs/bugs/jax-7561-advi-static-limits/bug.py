# realbug: jax-7561-advi-static-limits
# source: https://github.com/jax-ml/jax/issues/7561
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0, 1, 2, 4))
def _mesh_eval(func, x_limits, y_limits, params, num_ticks):
    xs = jnp.linspace(x_limits[0], x_limits[1], num_ticks)
    ys = jnp.linspace(y_limits[0], y_limits[1], num_ticks)
    x, y = jnp.meshgrid(xs, ys)
    return func(params, x, y)


def mesh_eval(func, x_limits, y_limits, params, num_ticks=101):
    return _mesh_eval(func, x_limits, y_limits, params, num_ticks)  # BUG


def target(params, x, y):
    return jnp.exp(-(x**2 + y**2) * params)


x_limits = [-2, 2]  # BUG
y_limits = [-4, 2]  # BUG
print(mesh_eval(target, x_limits, y_limits, 1.0, 11).shape)
