"""A solver bakes its `jit` flag into a line search with `partial`; the line search picks a
Python loop only when the flag is off, and the solver jits it only when the flag is on. The
options come from a JSON config, so their values are not in the code."""
# corpus: label=negative styles=attribute,parameter,helper
# realcode: cause J

import json
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


def python_while(cond_fun, body_fun, value, maxiter):
    for _ in range(maxiter):
        if not cond_fun(value):
            break
        value = body_fun(value)
    return value


def scan_while(cond_fun, body_fun, value, maxiter):
    def step(carry, _):
        return jax.lax.cond(cond_fun(carry), body_fun, lambda v: v, carry), None

    return jax.lax.scan(step, value, None, length=maxiter)[0]


def bounded_while(cond_fun, body_fun, value, maxiter, jit):
    loop = scan_while if jit else python_while
    return loop(cond_fun, body_fun, value, maxiter)


def backtracking(fun, jit, maxls, x, direction, stepsize):
    value = fun(x)

    def too_long(step):
        return fun(x + step * direction) > value - 1e-4 * step

    return bounded_while(too_long, lambda step: step * 0.5, stepsize, maxls, jit)


@dataclass(eq=False)
class GradientDescent:
    fun: object
    maxls: int = 15
    jit: bool = True

    def __post_init__(self):
        search = partial(backtracking, self.fun, self.jit, self.maxls)
        if self.jit:
            search = jax.jit(search)
        self._line_search = search

    def step(self, x):
        direction = -jax.grad(self.fun)(x)
        stepsize = self._line_search(x, direction, jnp.float32(1.0))
        return x + stepsize * direction


options = json.loads('{"maxls": 10, "jit": true}')
solver = GradientDescent(lambda x: jnp.sum((x - 2.0) ** 2), **options)
print(solver.step(jnp.zeros(3)))
