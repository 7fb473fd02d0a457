"""A batcher class jits its `pad` method with `jax.jit(self.pad)`; the target length is an argument, traced, and used for `jnp.zeros`."""
# corpus: label=positive styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Batcher:
    def __init__(self, features):
        self.features = features
        self.pad_jit = jax.jit(self.pad)

    def pad(self, x, length):
        out = jnp.zeros((length, self.features))  # expect: traced-shape-argument
        return out.at[: x.shape[0]].set(x)


print(Batcher(3).pad_jit(jnp.ones((2, 3)), 5))
