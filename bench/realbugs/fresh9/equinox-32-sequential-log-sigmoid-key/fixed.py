# realbug: equinox-32-sequential-log-sigmoid-key (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/32
import jax
import equinox as eqx

key = jax.random.PRNGKey(0)
key1, key2, key = jax.random.split(key, 3)
module = eqx.nn.Sequential([
    eqx.nn.Linear(5, 10, key=key1),
    eqx.nn.Lambda(jax.nn.log_sigmoid),
    eqx.nn.Linear(10, 2, key=key2),
])
keyx, key = jax.random.split(key, 2)
x = jax.random.normal(keyx, (5,))
y = module(x)
