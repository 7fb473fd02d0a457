"""A training-step helper takes the optimizer as a parameter; it is given LAMB, which needs params."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
import optax


def loss_fn(params, x):
    return jnp.mean((x @ params["w"] + params["b"]) ** 2)


def train_step(optimizer, params, opt_state, x):
    grads = jax.grad(loss_fn)(params, x)
    updates, opt_state = optimizer.update(grads, opt_state)  # expect: optax-update-without-params
    return optax.apply_updates(params, updates), opt_state


params = {"w": jnp.ones((4, 2)), "b": jnp.zeros(2)}
optimizer = optax.lamb(1e-3)
params, state = train_step(optimizer, params, optimizer.init(params), jnp.ones((8, 4)))
print(params["w"].shape)
