# realbug: jax-1076-vmap-python-if-on-mapped-value
# source: https://github.com/jax-ml/jax/issues/1076
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion
import jax.numpy as np
import numpy as onp
from jax import vmap


def kernel_scalar(x, lam=0.18, beta=1.0):
    if np.abs(x) > lam:  # BUG
        return 0.0
    else:
        return np.exp(-beta * x**2)


def kernel(xs):
    kernels = vmap(kernel_scalar)(xs)  # BUG
    return kernels


n = 10
xs = onp.random.randn(n)
k = kernel(xs)
