# realbug: jaxley-603-numpy-sqrt-under-jit
# source: https://github.com/jaxleyverse/jaxley/pull/603
# kind: tracer-numpy
# raises: TracerArrayConversionError: The numpy.ndarray conversion method __array__\(\) was called
import jax.numpy as jnp
import numpy as np
from jax import jit


@jit
def mytest(param):
    return np.sqrt(np.sum(param * np.asarray([3.0, 4.0])))  # BUG


mytest(jnp.ones((1,)))
