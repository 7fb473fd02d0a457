"""The loop runs `lax.while_loop` when `use_scan` is set and a Python loop otherwise, but the
constructor jits the run when `use_scan` is *off*: the one combination that fails."""
# corpus: label=positive styles=method,attribute

import argparse

import jax
import jax.numpy as jnp


class Newton:
    def __init__(self, fun, use_scan=True):
        self.fun = fun
        self.use_scan = use_scan
        if not use_scan:
            self.run = jax.jit(self.run)

    def _step(self, x):
        return x - self.fun(x) / jax.grad(self.fun)(x)

    def run(self, x):
        if self.use_scan:
            return jax.lax.while_loop(lambda v: jnp.abs(self.fun(v)) > 1e-6, self._step, x)
        while jnp.abs(self.fun(x)) > 1e-6:  # expect: tracer-bool-conversion-error
            x = self._step(x)
        return x


parser = argparse.ArgumentParser()
parser.add_argument("--python-loop", action="store_true")
args = parser.parse_args(["--python-loop"])
print(Newton(lambda x: x**2 - 2.0, use_scan=not args.python_loop).run(jnp.float32(1.0)))
