"""jnp.dot accepts a scalar operand (it multiplies); only matmul and @ refuse one."""
# corpus: label=negative styles=method,attribute batch=d

import jax.numpy as jnp


class NormalizedDense:
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        scale = jnp.linalg.norm(self.w)
        return jnp.dot(scale, x)


layer = NormalizedDense(jnp.ones((3, 3)))
print(layer(jnp.ones((3, 2))))
