# realbug: jax-1629-jit-reshape-traced-sizes
# source: https://github.com/jax-ml/jax/issues/1629
# kind: tracer-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
# The report's function under jit, with the image sizes `m`, `n` reaching it as arguments of the
# jitted function (so traced); the report left the call out, and the rest of the body is
# replaced by a sum.
import jax
import jax.numpy as np


def functional(X, m, n):
    r = X.shape[0]
    X_imshape = np.reshape(X, (r, m, n), order="F")  # BUG
    return np.sum(X_imshape)


jax.jit(functional)(np.ones((2, 12)), 3, 4)  # BUG
