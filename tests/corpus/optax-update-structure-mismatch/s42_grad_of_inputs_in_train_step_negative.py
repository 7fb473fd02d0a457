"""The same training step, differentiating by the parameters (argnums=1)."""
# corpus: label=negative styles=transform,helper,parameter batch=s42

import jax
import jax.numpy as jnp
import optax


def loss_fn(batch, params):
    prediction = batch @ params["w"] + params["b"]
    return jnp.mean(prediction**2)


@jax.jit
def train_step(params, opt_state, batch):
    grads = jax.grad(loss_fn, argnums=1)(batch, params)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state


optimizer = optax.adam(learning_rate=1e-3)
params = {"w": jnp.zeros((4, 2)), "b": jnp.zeros(2)}
opt_state = optimizer.init(params)
params, opt_state = train_step(params, opt_state, jnp.ones((8, 4)))
