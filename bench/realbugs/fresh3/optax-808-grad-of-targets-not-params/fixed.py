# realbug: optax-808-grad-of-targets-not-params (fixed)
# source: https://github.com/google-deepmind/optax/issues/808
import jax
import jax.numpy as jnp
import optax

x = jnp.ones((4, 3))


def f(x):
    return 5 * x - 10


y_true = f(x)
params = {"weights": jnp.ones((3, 3))}


def model(params, x):
    return x.dot(params["weights"])


def loss(params, y_true, x):
    y_pred = model(params, x)
    return jnp.mean((y_true - y_pred) ** 2)


optimizer = optax.adam(learning_rate=0.002)
opt_state = optimizer.init(params)
loss_value, grads = jax.value_and_grad(loss)(params, y_true, x)
updates, opt_state = optimizer.update(grads, opt_state)
params = optax.apply_updates(params, updates)
