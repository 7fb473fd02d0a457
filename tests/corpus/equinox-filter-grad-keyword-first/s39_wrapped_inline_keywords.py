"""Gradients taken inline from the wrapper's result, every argument by keyword."""

# corpus: label=positive styles=return batch=s39

import equinox as eqx
import jax
import jax.numpy as jnp


def loss_fn(model, batch):
    x, y = batch
    return jnp.sum((jax.vmap(model)(x) - y) ** 2)


model = eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0))
b = (jnp.ones((4, 3)), jnp.zeros((4, 2)))
grads = eqx.filter_grad(loss_fn)(model=model, batch=b)  # expect: equinox-filter-grad-keyword-first
