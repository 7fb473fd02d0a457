# realbug: equinox-1097-partition-static-list-unhashable (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/1097
import functools as ft

import equinox as eqx
import jax


class MyModule(eqx.Module):
    layers: tuple
    extra_bias: jax.Array

    def __init__(self, key):
        key1, key2, key3 = jax.random.split(key, 3)
        self.layers = (
            eqx.nn.Linear(2, 8, key=key1),
            eqx.nn.Linear(8, 8, key=key2),
            eqx.nn.Linear(8, 2, key=key3),
        )
        self.extra_bias = jax.numpy.ones(2)

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x) + self.extra_bias


x_key, y_key, model_key = jax.random.split(jax.random.PRNGKey(0), 3)
x = jax.random.normal(x_key, (100, 2))
y = jax.random.normal(y_key, (100, 2))
model = MyModule(model_key)


@ft.partial(jax.jit, static_argnums=1)
@jax.grad
def loss(params, static, x, y):
    model = eqx.combine(params, static)
    pred_y = jax.vmap(model)(x)
    return jax.numpy.mean((y - pred_y) ** 2)


params, static = eqx.partition(model, eqx.is_array)
loss(params, static, x, y)
