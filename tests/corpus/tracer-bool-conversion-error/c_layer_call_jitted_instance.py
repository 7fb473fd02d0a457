# corpus: label=positive styles=method,attribute batch=c
"""A residual block skips its update when the mean activation is negative, with a Python if;
the instance itself is jitted."""

import jax
import jax.numpy as jnp


class GatedResidual:
    def __init__(self, width):
        self.w = jnp.eye(width) * 0.5

    def __call__(self, x):
        h = x @ self.w
        if h.mean() < 0:  # expect: tracer-bool-conversion-error
            return x
        return x + jax.nn.relu(h)


block = GatedResidual(3)
print(jax.jit(block)(jnp.ones((2, 3))))
