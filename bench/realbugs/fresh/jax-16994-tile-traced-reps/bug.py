# realbug: jax-16994-tile-traced-reps
# source: https://github.com/jax-ml/jax/issues/16994
# kind: traced-size-argument
# raises: TypeError: .*the value of parameter reps was not hashable
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def foo_jit(a, b):
    return jnp.tile(a, b)  # BUG


a = np.ones([1, 20, 20])
b = np.array([64, 1, 1])
c_jit = foo_jit(a, b)
print(c_jit.shape)
