# realbug: equinox-607-adamw-filter-jit-no-params
# source: https://github.com/patrick-kidger/equinox/issues/607
# kind: optax-update-params
# raises: ValueError: You are using a transformation that requires the current value of parameters
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

key = jax.random.PRNGKey(0)
X_train = jnp.ones((16, 3))
y_train = jnp.zeros((16, 2))
model = eqx.nn.MLP(X_train.shape[1], y_train.shape[1], 4, 2, key=key)

optim = optax.adamw(0.001)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def make_step(model, x, y, opt_state):
    loss, grads = loss_fn(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)  # BUG
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state


for epoch in range(2):
    loss, model, opt_state = make_step(model, X_train, y_train, opt_state)
    print(loss)
