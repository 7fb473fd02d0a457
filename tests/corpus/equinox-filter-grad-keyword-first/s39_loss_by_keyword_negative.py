"""The same step with the model, the differentiated argument, passed by position."""

# corpus: label=negative styles=transform batch=s39

import equinox as eqx
import jax
import jax.numpy as jnp


def mse(model, xs, ys):
    preds = jax.vmap(model)(xs)
    return jnp.mean((preds - ys) ** 2)


loss_and_grad = eqx.filter_value_and_grad(mse)


def train_step(model, xs, ys, lr=0.1):
    loss, grads = loss_and_grad(model, xs=xs, ys=ys)
    params, static = eqx.partition(model, eqx.is_inexact_array)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return loss, eqx.combine(params, static)


model = eqx.nn.Linear(3, 1, key=jax.random.PRNGKey(0))
xs, ys = jnp.ones((8, 3)), jnp.zeros((8, 1))
loss, model = train_step(model, xs, ys)
