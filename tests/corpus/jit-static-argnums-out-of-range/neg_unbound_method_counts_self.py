"""The unbound `Model.apply` does have self as parameter 0, so static_argnums=(0, 3) is in range."""
# corpus: label=negative styles=method

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, d):
        self.d = d

    def apply(self, w, x, mode):
        y = x @ w
        return jax.nn.relu(y) if mode == "relu" else y


apply = jax.jit(Model.apply, static_argnums=(0, 3))
print(apply(Model(4), jnp.eye(4), jnp.ones((2, 4)), "relu"))
