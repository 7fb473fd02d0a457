# realbug: neuraltangents-135-init-shape-one-feature (fixed)
# source: https://github.com/google/neural-tangents/issues/135
import jax
from jax import jit
from jax.example_libraries import stax

key = jax.random.PRNGKey(0)
d = 15
N = 225
n = 1024
x_train = jax.random.normal(key, shape=(n, d))
y_train = jax.random.normal(key, shape=(n, 1))

init_fn, apply_fn = stax.serial(stax.Dense(N), stax.Relu, stax.Dense(1))

apply_fn = jit(apply_fn)

_, params = init_fn(key, (-1, d))

apply_fn(params, x_train)
