# realbug: equinox-712-sequential-relu-key
# source: https://github.com/patrick-kidger/equinox/issues/712
# kind: library-contract
# raises: TypeError: The input arguments to the custom_jvp-decorated function relu could not be resolved
# The report's classifier: `eqx.nn.Sequential` holding bare `jax.nn.relu`, which Sequential calls
# with a `key=` keyword it does not take (wrap it in `eqx.nn.Lambda`).
import equinox as eqx
import jax
import jax.numpy as jnp


class MNISTClassifier(eqx.Module):
    model: eqx.nn.Sequential

    def __init__(self, key):
        keys = jax.random.split(key, 3)
        self.model = eqx.nn.Sequential(
            [
                eqx.nn.Linear(784, 20, key=keys[0]),
                jax.nn.relu,  # BUG
                eqx.nn.Linear(20, 20, key=keys[1]),
                jax.nn.relu,
                eqx.nn.Linear(20, 10, key=keys[2]),
                jax.nn.log_softmax,
            ]
        )

    def __call__(self, x):
        return self.model(x)  # BUG


key = jax.random.PRNGKey(0)
key, model_key = jax.random.split(key)
model = MNISTClassifier(model_key)
model(jnp.ones(784))  # BUG
