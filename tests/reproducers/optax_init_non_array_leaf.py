"""optax.adam initialised on a tree holding a function (an activation kept as a leaf): its
init makes the moments with jnp.zeros_like of each leaf, which raises TypeError."""

import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3), "activation": jax.nn.relu}
state = optax.adam(learning_rate=1e-3).init(params)
