"""The step is always jitted, but its Python divergence check is guarded by the `jit` option,
which is off in this config: the check runs on tracers."""
# corpus: label=positive styles=attribute,method

import json
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(eq=False)
class Solver:
    tol: float = 1e-3
    jit: bool = True

    def __post_init__(self):
        self.update = jax.jit(self.update)

    def update(self, x):
        new_x = jnp.cos(x)
        error = jnp.max(jnp.abs(new_x - x))
        if not self.jit:
            if error > 1e3:  # expect: tracer-bool-conversion-error
                raise ValueError("diverged")
        return new_x


solver = Solver(**json.loads('{"jit": false}'))
print(solver.update(jnp.ones(3)))
