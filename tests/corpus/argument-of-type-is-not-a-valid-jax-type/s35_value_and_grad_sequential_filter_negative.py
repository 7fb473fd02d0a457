"""The same Sequential, differentiated with equinox's filtered value_and_grad."""
# corpus: label=negative styles=transform batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
model = eqx.nn.Sequential([eqx.nn.Linear(3, 2, key=key), eqx.nn.Lambda(jax.nn.relu)])


def loss(model, x):
    return jnp.sum(jax.vmap(model)(x))


x = jnp.ones((5, 3))
value, grads = eqx.filter_value_and_grad(loss)(model, x)
