# realbug: jax-13896-stax-from-jax
# source: https://github.com/jax-ml/jax/issues/13896
# kind: removed-name
# raises: ImportError: cannot import name 'stax' from 'jax'
# The reporter, new to JAX, imports `stax` from the top-level package; stax lives in
# jax.example_libraries (formerly jax.experimental). A small stax network follows, as the
# reporter's tutorial built one.
from jax import stax  # BUG
from jax import random
import jax.numpy as jnp

init_fun, apply_fun = stax.serial(stax.Dense(8), stax.Relu, stax.Dense(1))
_, params = init_fun(random.PRNGKey(0), (-1, 3))
out = apply_fun(params, jnp.ones((4, 3)))
