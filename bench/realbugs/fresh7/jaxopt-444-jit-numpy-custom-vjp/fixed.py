# realbug: jaxopt-444-jit-numpy-custom-vjp (fixed)
# source: https://github.com/google/jaxopt/issues/444
import jax
import jax.numpy as jnp
import numpy as np
from jax import custom_vjp


@custom_vjp
def f(x):
    return -(x[0] + jnp.sin(x[0])) * jnp.exp(-x[0] ** 2.0)


def f_fwd(x):
    return f(x), (x,)


def f_bwd(res, g):
    x = res[0]
    grad_x = jnp.exp(-x[0] ** 2) * (2 * x[0] ** 2 + 2 * x[0] * jnp.sin(x[0]) - jnp.cos(x[0]) - 1)
    return (grad_x * g,)


f.defvjp(f_fwd, f_bwd)

f_jitted = jax.jit(f)
f_jitted(np.array([1.0]))
