# realbug: jax-17753-function-in-loop-carry (fixed)
# source: https://github.com/jax-ml/jax/issues/17753
from functools import partial

import jax.numpy as jnp
from jax.lax import while_loop


def fixed_point_finder(func, B0, z0):
    def cond_fun(carry):
        k, B = carry
        return k < 10

    def body_fun(carry):
        k, B = carry
        return k + 1, func(B)

    return while_loop(cond_fun, body_fun, (0, B0))[1]


def rev_iter(func, integrator, packed):
    z0, rhs, B_star, v = packed
    return z0, rhs, B_star * 0.5 + v, v


def integrator(x):
    return x


func = None
z0 = jnp.ones(3)
rhs = jnp.ones(3)
B_star = jnp.zeros(3)
v = jnp.ones(3)
w = fixed_point_finder(partial(rev_iter, func, integrator), (z0, rhs, B_star, v), v)
print(w)
