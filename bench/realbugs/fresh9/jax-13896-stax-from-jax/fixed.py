# realbug: jax-13896-stax-from-jax (fixed)
# source: https://github.com/jax-ml/jax/issues/13896
from jax.example_libraries import stax
from jax import random
import jax.numpy as jnp

init_fun, apply_fun = stax.serial(stax.Dense(8), stax.Relu, stax.Dense(1))
_, params = init_fun(random.PRNGKey(0), (-1, 3))
out = apply_fun(params, jnp.ones((4, 3)))
