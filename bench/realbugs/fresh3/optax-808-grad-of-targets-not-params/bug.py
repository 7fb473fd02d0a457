# realbug: optax-808-grad-of-targets-not-params
# source: https://github.com/google-deepmind/optax/issues/808
# kind: tree-structure
# raises: TypeError: unsupported operand type\(s\) for \*: 'float' and 'dict'
import jax
import jax.numpy as jnp
import optax

x = jnp.ones((4, 3))


def f(x):
    return 5 * x - 10


y_true = f(x)
params = {"weights": jnp.ones((3, 3))}


def model(x):
    return x.dot(params["weights"])


def loss(y_true, x):
    y_pred = model(x)
    return jnp.mean((y_true - y_pred) ** 2)


optimizer = optax.adam(learning_rate=0.002)
opt_state = optimizer.init(params)
loss_value, grads = jax.value_and_grad(loss, allow_int=True)(y_true, x)
updates, opt_state = optimizer.update(grads, opt_state)  # BUG
params = optax.apply_updates(params, updates)
