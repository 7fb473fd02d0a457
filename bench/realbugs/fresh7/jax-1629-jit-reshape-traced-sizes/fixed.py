# realbug: jax-1629-jit-reshape-traced-sizes (fixed)
# source: https://github.com/jax-ml/jax/issues/1629
import jax
import jax.numpy as np


def functional(X, m, n):
    r = X.shape[0]
    X_imshape = np.reshape(X, (r, m, n), order="F")
    return np.sum(X_imshape)


jax.jit(functional, static_argnums=(1, 2))(np.ones((2, 12)), 3, 4)
