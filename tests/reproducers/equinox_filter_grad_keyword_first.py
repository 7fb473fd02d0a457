"""Raises TypeError: a function wrapped by eqx.filter_value_and_grad called with every argument
by keyword, so the wrapper has no positional argument to differentiate."""

import equinox as eqx
import jax
import jax.numpy as jnp


def loss(model, x):
    return jnp.sum(model(x))


model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))
eqx.filter_value_and_grad(loss)(model=model, x=jnp.ones(2))
