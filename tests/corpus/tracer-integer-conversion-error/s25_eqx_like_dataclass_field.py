"""An equinox-style module registered with register_dataclass keeps `n_layers` as a data field, so under jit it is traced and range() fails."""
# corpus: label=positive styles=attribute,method batch=s25

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Stack:
    w: jax.Array
    n_layers: int

    def __call__(self, x):
        for _ in range(self.n_layers):  # expect: tracer-integer-conversion-error
            x = jnp.tanh(x @ self.w)
        return x


@jax.jit
def apply(model, x):
    return model(x)


print(apply(Stack(jnp.eye(3), 2), jnp.ones(3)))
