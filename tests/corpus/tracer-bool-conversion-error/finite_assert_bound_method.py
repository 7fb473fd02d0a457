"""`jax.jit(model.apply)`: the bound method asserts on a traced `jnp.all(...)`."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp
from jax import random


class Linear:
    def __init__(self, n_in, n_out, key):
        self.w = random.normal(key, (n_in, n_out)) * 0.1
        self.b = jnp.zeros(n_out)

    def apply(self, x):
        assert jnp.all(jnp.isfinite(x)), "non-finite input"  # expect: tracer-bool-conversion-error
        return x @ self.w + self.b


model = Linear(3, 2, random.key(0))
forward = jax.jit(model.apply)
out = forward(jnp.ones((5, 3)))
