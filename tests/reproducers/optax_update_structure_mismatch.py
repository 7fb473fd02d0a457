"""optax.adam updated with the gradient of the inputs (one array) while its state was made for
a dict of parameters: its moment step gets the dict for the array and raises TypeError
(optax 0.2.8)."""

import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}


def loss(x, params):
    return jnp.sum(x @ params["w"] + params["b"])


optimizer = optax.adam(learning_rate=1e-3)
state = optimizer.init(params)
grads = jax.grad(loss)(jnp.ones((4, 3)), params)
updates, state = optimizer.update(grads, state)
