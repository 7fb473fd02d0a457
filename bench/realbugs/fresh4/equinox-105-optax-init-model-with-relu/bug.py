# realbug: equinox-105-optax-init-model-with-relu
# source: https://github.com/patrick-kidger/equinox/issues/105
# kind: not-array
# raises: TypeError: zeros_like requires ndarray or scalar arguments
# The report's model and optimizer set-up (seed and lr filled in).
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

seed = 0
lr = 1.0


class Net(eqx.Module):
    layers: list

    def __init__(self, key):
        keys = jax.random.split(key, 4)
        self.layers = [
            eqx.nn.Conv2d(1, 32, 3, 1, key=keys[0]),
            jax.nn.relu, # fails here
            eqx.nn.Conv2d(32, 64, 3, 1, key=keys[1]),
            jax.nn.relu,
            eqx.nn.MaxPool2d(2, 1),
            eqx.nn.Dropout(0.25),
            jnp.ravel,
            eqx.nn.Linear(9216, 128, key=keys[2]),
            jax.nn.relu,
            eqx.nn.Dropout(0.5),
            eqx.nn.Linear(128, 10, key=keys[3])
        ]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = layer(x)
        output = jax.nn.log_softmax(x, axis=1)
        return output


model = Net(jax.random.PRNGKey(seed))
optim = optax.adam(lr)
opt_state = optim.init(model) # BUG
