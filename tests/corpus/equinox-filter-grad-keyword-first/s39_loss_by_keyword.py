"""A regression step whose loss is differentiated with every argument passed by keyword."""

# corpus: label=positive styles=transform batch=s39

import equinox as eqx
import jax
import jax.numpy as jnp


def mse(model, xs, ys):
    preds = jax.vmap(model)(xs)
    return jnp.mean((preds - ys) ** 2)


value_grad = eqx.filter_value_and_grad(mse)


def train_step(model, xs, ys, lr=0.1):
    loss, g = value_grad(model=model, xs=xs, ys=ys)  # expect: equinox-filter-grad-keyword-first
    return loss, jax.tree_util.tree_map(lambda p, d: p - lr * d, model, g)


model = eqx.nn.Linear(3, 1, key=jax.random.PRNGKey(0))
xs, ys = jnp.ones((8, 3)), jnp.zeros((8, 1))
loss, model = train_step(model, xs, ys)
