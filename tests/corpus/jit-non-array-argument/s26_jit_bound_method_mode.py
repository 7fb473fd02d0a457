"""A model jits its own method with `jax.jit(self.forward)` and calls it with a string mode."""
# corpus: label=positive styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.w = jnp.ones((3, 3))
        self._forward = jax.jit(self.forward)

    def forward(self, x, mode):
        y = x @ self.w
        return y if mode == "train" else y * 0.5

    def predict(self, x):
        return self._forward(x, "eval")  # expect: jit-non-array-argument


print(Model().predict(jnp.ones(3)))
