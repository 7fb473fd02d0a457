# realbug: jaxley-603-numpy-sqrt-under-jit (fixed)
# source: https://github.com/jaxleyverse/jaxley/pull/603
import jax.numpy as jnp
import numpy as np
from jax import jit


@jit
def mytest(param):
    return jnp.sqrt(jnp.sum(param * np.asarray([3.0, 4.0])))


mytest(jnp.ones((1,)))
