"""A fit loop that calls a filter_grad-decorated loss with keyword arguments for readability."""

# corpus: label=positive styles=helper,parameter batch=s39

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_grad
def loss_grad(model, xs, ys):
    return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)


def fit(model, batches, lr=0.05):
    for xs, ys in batches:
        grads = loss_grad(model=model, xs=xs, ys=ys)  # expect: equinox-filter-grad-keyword-first
        model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -lr * g, grads))
    return model


model = eqx.nn.MLP(2, 1, 8, 2, key=jax.random.PRNGKey(1))
batches = [(jnp.ones((4, 2)), jnp.zeros((4, 1)))] * 3
model = fit(model, batches)
