# realbug: jax-553-numpy-arange-index
# source: https://github.com/jax-ml/jax/issues/553
# kind: tracer-array-conversion-error
# raises: TracerArrayConversionError: The numpy.ndarray conversion method __array__\(\) was called
import numpy as onp
import jax.numpy as np
from jax import jit


def fun(x):
    r = onp.arange(x.shape[0])[x]  # BUG
    return r


print(jit(fun)(np.array([0, 1, 2], dtype=np.int32)))
