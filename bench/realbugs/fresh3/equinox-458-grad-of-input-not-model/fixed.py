# realbug: equinox-458-grad-of-input-not-model (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/458
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

model = eqx.nn.Linear(1, 1, key=jax.random.PRNGKey(1))

optim = optax.adam(learning_rate=0.1)
optim_state = optim.init(eqx.filter(model, eqx.is_array))


def loss(model, x):
    return jnp.mean(model(x))


grads = eqx.filter_grad(loss)(model, jnp.zeros((1)))

updates, opt_state = optim.update(updates=grads, state=optim_state)
