# realbug: equinox-706-sequential-lambda-relu-grad
# source: https://github.com/patrick-kidger/equinox/issues/706
# kind: not-jax-type
# raises: TypeError: Argument '<.*' of type <class '.*'> is not a valid JAX type
# The report's `value_and_grad` is jax's (its imports were left out); the activation is jax.nn.relu, as it says.
import jax
import jax.numpy as jnp
import equinox as eqx
from jax import value_and_grad

input_n = 100
key = jax.random.PRNGKey(42)

model = eqx.nn.Sequential([
    eqx.nn.Linear(input_n, 1, key=key),
    eqx.nn.Lambda(jax.nn.relu)
])

@eqx.filter_jit
def loss(model, x):
    y = jax.vmap(model)(x)
    return jnp.sum(y)

x = jax.random.normal(key, (1, input_n))
jax.vmap(model)(x)    # ok
value_and_grad(loss)(model, x)   # error  # BUG
