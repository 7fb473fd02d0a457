# realbug: optax-366-grad-params-not-first-argument
# source: https://github.com/google-deepmind/optax/issues/366
# kind: tree-structure
# raises: TypeError: unsupported operand type\(s\) for \*: 'float' and '(dict|FrozenDict)'
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
import numpy as np

class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(64)(x)
        x = nn.tanh(x)
        x = nn.Dense(64)(x)
        x = nn.tanh(x)
        x = nn.Dense(1)(x)
        return x

x = jnp.zeros((1024, 64))
y = jnp.zeros((1024,))

key = jax.random.PRNGKey(0)
example_input = np.zeros((1, 64))
model = Model()
critic_parameters = model.init(key, x)
model.apply = jax.jit(model.apply)
model_optimizer = optax.adam(learning_rate=0.04, eps=1e-5)
model_optimizer_state = model_optimizer.init(critic_parameters)


@jax.jit
def update_doesnt_work(
    x, y,
    critic_parameters,
    model_optimizer_state, key
):
    def model_loss(x, y, critic_parameters):
        newvalue = model.apply(critic_parameters, x)
        v_loss = 0.5 * ((newvalue.squeeze() - y.squeeze()) ** 2).mean()
        return v_loss
    loss, grads = jax.value_and_grad(model_loss)(x, y, critic_parameters)  # BUG
    updates, model_optimizer_state = model_optimizer.update(grads, model_optimizer_state)  # BUG
    critic_parameters = optax.apply_updates(critic_parameters, updates)
    return loss, critic_parameters, model_optimizer_state

update_doesnt_work(x, y, critic_parameters, model_optimizer_state, key)
