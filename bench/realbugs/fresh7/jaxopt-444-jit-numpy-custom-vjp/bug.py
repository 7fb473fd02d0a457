# realbug: jaxopt-444-jit-numpy-custom-vjp
# source: https://github.com/google/jaxopt/issues/444
# kind: tracer-numpy
# raises: TracerArrayConversionError: The numpy.ndarray conversion method __array__\(\) was called on traced array
# The report's function (NumPy on purpose, with a custom_vjp) under `jax.jit`, as its
# "is it jittable" check does; jaxopt's solver, which traces it the same way, is left out.
import jax
import numpy as np
from jax import custom_vjp


@custom_vjp
def f(x):
    # The function deliberately uses numpy functions which are not jittable
    return -(x[0] + np.sin(x[0])) * np.exp(-x[0] ** 2.0)  # BUG


def f_fwd(x):
    return f(x), (x,)


def f_bwd(res, g):
    x = res[0]
    grad_x = np.exp(-x[0] ** 2) * (2 * x[0] ** 2 + 2 * x[0] * np.sin(x[0]) - np.cos(x[0]) - 1)
    return (grad_x * g,)


f.defvjp(f_fwd, f_bwd)

f_jitted = jax.jit(f)
f_jitted(np.array([1.0]))  # BUG
