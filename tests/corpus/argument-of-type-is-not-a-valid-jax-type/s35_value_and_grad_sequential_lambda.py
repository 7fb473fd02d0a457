"""value_and_grad of an eqx.nn.Sequential whose last layer is a Lambda of jax.nn.relu."""
# corpus: label=positive styles=transform batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
model = eqx.nn.Sequential([eqx.nn.Linear(3, 2, key=key), eqx.nn.Lambda(jax.nn.relu)])


def loss(model, x):
    return jnp.sum(jax.vmap(model)(x))


x = jnp.ones((5, 3))
step = jax.value_and_grad(loss)
value, grads = step(model, x)  # expect: argument-of-type-is-not-a-valid-jax-type
