# realbug: equinox-458-grad-of-input-not-model
# source: https://github.com/patrick-kidger/equinox/issues/458
# kind: tree-structure
# raises: TypeError: unsupported operand type\(s\) for \*: 'float' and 'Linear'
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

model = eqx.nn.Linear(1, 1, key=jax.random.PRNGKey(1))

optim = optax.adam(learning_rate=0.1)
optim_state = optim.init(eqx.filter(model, eqx.is_array))


def loss(x):
    return jnp.mean(model(x))


grads = jax.grad(loss)(jnp.zeros((1)))

updates, opt_state = optim.update(updates=grads, state=optim_state)  # BUG
