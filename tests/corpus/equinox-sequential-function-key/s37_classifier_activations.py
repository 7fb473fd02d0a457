"""An equinox classifier whose Sequential holds its activations as bare jax.nn functions."""

# corpus: label=positive styles=attribute,method batch=s37
import equinox as eqx
import jax
import jax.numpy as jnp


class Classifier(eqx.Module):
    net: eqx.nn.Sequential

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.net = eqx.nn.Sequential(
            [eqx.nn.Linear(16, 32, key=k1), jax.nn.gelu, eqx.nn.Linear(32, 4, key=k2)]
        )

    def __call__(self, x):
        return self.net(x)  # expect: equinox-sequential-function-key


Classifier(jax.random.PRNGKey(0))(jnp.ones(16))
