"""A solver jits its `update` method in `__post_init__` when `jit` is on, and `update` checks
for divergence with a Python `if` only when `jit` is off (the values are concrete then). The
solver is built from keyword options read from the environment."""
# corpus: label=negative styles=method,attribute
# realcode: cause J

import os
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(eq=False)
class FixedPoint:
    fixed_point_fun: object
    tol: float = 1e-5
    jit: bool = True

    def __post_init__(self):
        if self.jit:
            self.update = jax.jit(self.update)

    def update(self, x):
        new_x = self.fixed_point_fun(x)
        error = jnp.max(jnp.abs(new_x - x))
        if not self.jit:
            if jnp.isnan(error):
                raise ValueError("the iteration diverged")
        return new_x, error

    def run(self, x):
        for _ in range(50):
            x, _error = self.update(x)
        return x


def make_solver(**options):
    return FixedPoint(jnp.cos, **options)


solver = make_solver(jit=os.environ.get("SOLVER_JIT", "1") == "1")
print(solver.run(jnp.ones(3)))
