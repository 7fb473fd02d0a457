# realbug: equinox-706-sequential-lambda-relu-grad (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/706
import jax
import jax.numpy as jnp
import equinox as eqx

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
eqx.filter_value_and_grad(loss)(model, x)
