"""A Newton root finder whose `jit` option picks the loop and whether `run` is compiled."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from loops import while_loop


@dataclass(eq=False)
class Newton:
    fun: object
    tol: float = 1e-6
    maxiter: int = 30
    jit: bool = True

    def __post_init__(self):
        if self.jit:
            self.run = jax.jit(self.run)

    def _not_converged(self, x):
        return jnp.abs(self.fun(x)) > self.tol

    def _step(self, x):
        return x - self.fun(x) / jax.grad(self.fun)(x)

    def run(self, x0):
        return while_loop(self._not_converged, self._step, x0, self.maxiter, self.jit)
