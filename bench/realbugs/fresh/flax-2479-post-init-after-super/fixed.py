# realbug: flax-2479-post-init-after-super (fixed)
# source: https://github.com/google/flax/issues/2479
import jax
import jax.numpy as jnp
from flax import linen as nn


class A(nn.Module):
    x: float

    def __post_init__(self):
        self.x_square = self.x**2
        super().__post_init__()

    @nn.compact
    def __call__(self, input):
        return input + 3


r = A(x=3)
print(r.init(jax.random.PRNGKey(2), jnp.ones(3)))
