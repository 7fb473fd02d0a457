# corpus: label=negative styles=method,attribute batch=c
"""The residual block branches on the input's shape, which is static under jit."""

import jax
import jax.numpy as jnp


class GatedResidual:
    def __init__(self, width):
        self.w = jnp.eye(width) * 0.5

    def __call__(self, x):
        h = x @ self.w
        if x.ndim == 1 or x.shape[0] == 1:
            return x + h
        return x + jax.nn.relu(h)


block = GatedResidual(3)
print(jax.jit(block)(jnp.ones((2, 3))))
