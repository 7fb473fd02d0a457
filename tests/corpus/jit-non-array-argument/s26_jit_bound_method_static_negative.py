"""The same model jits its method with the mode named static."""
# corpus: label=negative styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.w = jnp.ones((3, 3))
        self._forward = jax.jit(self.forward, static_argnames="mode")

    def forward(self, x, mode):
        y = x @ self.w
        return y if mode == "train" else y * 0.5

    def predict(self, x):
        return self._forward(x, "eval")


print(Model().predict(jnp.ones(3)))
