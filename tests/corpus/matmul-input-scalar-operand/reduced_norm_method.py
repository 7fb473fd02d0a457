"""A layer scales its weight by a norm that was reduced to a scalar, then uses matmul."""
# corpus: label=positive styles=method,attribute batch=d

import jax.numpy as jnp


class NormalizedDense:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        scale = jnp.linalg.norm(self.w)
        return jnp.matmul(scale, x)  # expect: matmul-input-scalar-operand


layer = NormalizedDense(jnp.ones((3, 3)))
print(layer(jnp.ones((3, 2))))
