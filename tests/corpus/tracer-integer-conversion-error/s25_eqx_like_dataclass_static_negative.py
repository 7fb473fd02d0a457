"""The equinox-style module with `n_layers` marked static (metadata=dict(static=True))."""
# corpus: label=negative styles=attribute,method batch=s25

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Stack:
    w: jax.Array
    n_layers: int = dataclasses.field(metadata=dict(static=True))

    def __call__(self, x):
        for _ in range(self.n_layers):
            x = jnp.tanh(x @ self.w)
        return x


@jax.jit
def apply(model, x):
    return model(x)


print(apply(Stack(jnp.eye(3), 2), jnp.ones(3)))
