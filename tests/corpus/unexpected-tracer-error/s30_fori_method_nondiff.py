"""A solver's fori_loop carries a scale that its custom_jvp step takes as nondiff; grad of it."""
# corpus: label=positive styles=method,attribute batch=s30

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def damp(x, scale):
    return x * scale


@damp.defjvp
def damp_jvp(scale, primals, tangents):
    (x,), (dx,) = primals, tangents
    return x * scale, dx * scale


class Solver:
    def __init__(self, steps):
        self.steps = steps

    def body(self, i, state):
        x, scale = state
        return damp(x, scale) + 1.0, scale

    def solve(self, x, scale):
        n, state = self.steps, (x, scale)
        x, _ = jax.lax.fori_loop(0, n, self.body, state)  # expect: unexpected-tracer-error
        return x.sum()


solver = Solver(3)
print(jax.grad(solver.solve)(jnp.ones(3), jnp.full(3, 0.5)))
