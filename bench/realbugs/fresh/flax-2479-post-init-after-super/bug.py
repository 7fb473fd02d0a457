# realbug: flax-2479-post-init-after-super
# source: https://github.com/google/flax/issues/2479
# kind: linen-frozen-attribute
# raises: SetAttributeFrozenModuleError: Can't set x_square=9 for Module of type A
import jax
import jax.numpy as jnp
from flax import linen as nn


class A(nn.Module):
    x: float

    def __post_init__(self):
        super().__post_init__()
        self.x_square = self.x**2  # BUG

    @nn.compact
    def __call__(self, input):
        return input + 3


r = A(x=3)
print(r.init(jax.random.PRNGKey(2), jnp.ones(3)))
