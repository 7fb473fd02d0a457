# realbug: jax-1076-vmap-python-if-on-mapped-value (fixed)
# source: https://github.com/jax-ml/jax/issues/1076
import jax.numpy as np
import numpy as onp
from jax import vmap


def kernel_scalar(x, lam=0.18, beta=1.0):
    return np.where(np.abs(x) > lam, 0.0, np.exp(-beta * x**2))


def kernel(xs):
    kernels = vmap(kernel_scalar)(xs)
    return kernels


n = 10
xs = onp.random.randn(n)
k = kernel(xs)
