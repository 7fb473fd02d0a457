"""`jax.jit(self.apply, static_argnums=3)` counts self, but a bound method has no self parameter."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, d):
        self.w = jnp.eye(d)
        self._apply = jax.jit(  # expect: jit-static-argnums-out-of-range
            self.apply, static_argnums=3
        )

    def apply(self, w, x, mode):
        y = x @ w
        return jax.nn.relu(y) if mode == "relu" else y

    def __call__(self, x, mode="relu"):
        return self._apply(self.w, x, mode)


model = Model(4)
print(model(jnp.ones((2, 4))))
