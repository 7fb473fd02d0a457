"""A fixed-point solver picks its loop in `__init__`: a Python loop when eager, `lax.while_loop` when jitted."""
# corpus: label=negative styles=attribute,method
# realcode: cause J

import jax
import jax.numpy as jnp


class FixedPointIteration:
    def __init__(self, fixed_point_fun, tol=1e-5, maxiter=50, jit=True):
        self.fixed_point_fun = fixed_point_fun
        self.tol = tol
        self.maxiter = maxiter
        if jit:
            self._loop = self._lax_loop
        else:
            self._loop = self._python_loop
        if jit:
            self._loop = jax.jit(self._loop)

    def _error(self, x):
        return jnp.max(jnp.abs(self.fixed_point_fun(x) - x))

    def _python_loop(self, x):
        for _ in range(self.maxiter):
            if self._error(x) < self.tol:
                break
            x = self.fixed_point_fun(x)
        return x

    def _lax_loop(self, x):
        def cond(carry):
            i, x = carry
            return (i < self.maxiter) & (self._error(x) >= self.tol)

        def body(carry):
            i, x = carry
            return i + 1, self.fixed_point_fun(x)

        return jax.lax.while_loop(cond, body, (0, x))[1]

    def run(self, x0):
        return self._loop(x0)


FixedPointIteration(jnp.cos, jit=True).run(jnp.ones(3))
FixedPointIteration(jnp.cos, jit=False).run(jnp.ones(3))
