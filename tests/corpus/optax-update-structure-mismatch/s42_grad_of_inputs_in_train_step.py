"""A jitted training step differentiates the loss by its first argument, the batch, while the
optimizer state was made for the parameters' dict."""
# corpus: label=positive styles=transform,helper,parameter batch=s42

import jax
import jax.numpy as jnp
import optax


def loss_fn(batch, params):
    prediction = batch @ params["w"] + params["b"]
    return jnp.mean(prediction**2)


@jax.jit
def train_step(params, opt_state, batch):
    grads = jax.grad(loss_fn)(batch, params)
    updates, state = optimizer.update(grads, opt_state)  # expect: optax-update-structure-mismatch
    return optax.apply_updates(params, updates), state


optimizer = optax.adam(learning_rate=1e-3)
params = {"w": jnp.zeros((4, 2)), "b": jnp.zeros(2)}
opt_state = optimizer.init(params)
params, opt_state = train_step(params, opt_state, jnp.ones((8, 4)))
