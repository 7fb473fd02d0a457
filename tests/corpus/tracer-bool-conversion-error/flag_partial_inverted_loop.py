"""The solver's `jit` flag is baked into its line search with `partial` and the search is
jitted when the flag is on, but the search picks the Python loop when the flag is *on*."""
# corpus: label=positive styles=attribute,parameter,helper

import json
from functools import partial

import jax
import jax.numpy as jnp


def python_backtrack(fun, x, step):
    for _ in range(20):
        if fun(x - step) < fun(x):  # expect: tracer-bool-conversion-error
            break
        step = step * 0.5
    return step


def lax_backtrack(fun, x, step):
    return jax.lax.while_loop(lambda s: fun(x - s) >= fun(x), lambda s: s * 0.5, step)


def line_search(fun, jit, x, step):
    search = python_backtrack if jit else lax_backtrack
    return search(fun, x, step)


class Minimizer:
    def __init__(self, fun, jit=False):
        self.fun = fun
        self.jit = jit
        self.search = partial(line_search, fun, jit)
        if self.jit:
            self.search = jax.jit(self.search)

    def step(self, x):
        return x - self.search(x, jnp.float32(1.0))


settings = json.loads('{"jit": true}')
print(Minimizer(lambda x: (x - 3.0) ** 2, **settings).step(jnp.float32(0.0)))
