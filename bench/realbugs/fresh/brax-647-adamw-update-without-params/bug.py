# realbug: brax-647-adamw-update-without-params
# source: https://github.com/google/brax/issues/647
# kind: optax-update-params
# raises: ValueError: You are using a transformation that requires the current value of parameters
import jax
import jax.numpy as jnp
import optax


def loss_fn(params, x):
    return jnp.sum((params["w"] * x - 1.0) ** 2)


def gradient_update_fn(loss_fn, optimizer):
    def f(params, optimizer_state, x):
        value, grads = jax.value_and_grad(loss_fn)(params, x)
        params_update, optimizer_state = optimizer.update(grads, optimizer_state)  # BUG
        params = optax.apply_updates(params, params_update)
        return value, params, optimizer_state

    return f


optimizer = optax.adamw(learning_rate=1e-3)
params = {"w": jnp.ones(3)}
optimizer_state = optimizer.init(params)
update = gradient_update_fn(loss_fn, optimizer)
print(update(params, optimizer_state, jnp.arange(3.0))[0])
