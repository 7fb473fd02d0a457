# realbug: diffrax-446-scalar-time-into-linear (fixed)
# source: https://github.com/patrick-kidger/diffrax/issues/446
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import random


class ForceMLP(eqx.Module):
    input: eqx.nn.Linear
    output: eqx.nn.Linear

    def __init__(self, key):
        key1, key2 = jax.random.split(key, 2)
        self.input = eqx.nn.Linear(1, 32, key=key1)
        self.output = eqx.nn.Linear(32, 1, key=key2)

    def __call__(self, t):
        x = jax.nn.relu(self.input(jnp.atleast_1d(t)))
        return self.output(x)


force = ForceMLP(random.PRNGKey(0))


def equations(t, y, args):
    x, v = y
    return v, -x + force(t)[0]


t_start = 0.0
y0 = (jnp.array(1.0), jnp.array(0.0))
print(equations(t_start, y0, None))
