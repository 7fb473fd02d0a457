# realbug: equinox-32-sequential-log-sigmoid-key
# source: https://github.com/patrick-kidger/equinox/issues/32
# kind: unexpected-keyword
# raises: TypeError: log_sigmoid\(\) got an unexpected keyword argument 'key'
# The report's first MLP: a plain activation function between the layers of
# `eqx.nn.Sequential`, which calls every layer with `key=`; jax.nn.log_sigmoid takes no `key`.
import jax
import equinox as eqx

key = jax.random.PRNGKey(0)
key1, key2, key = jax.random.split(key, 3)
module = eqx.nn.Sequential([
    eqx.nn.Linear(5, 10, key=key1),
    jax.nn.log_sigmoid,
    eqx.nn.Linear(10, 2, key=key2),
])
keyx, key = jax.random.split(key, 2)
x = jax.random.normal(keyx, (5,))
y = module(x)  # BUG
