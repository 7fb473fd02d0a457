"""Re-initialising a head each step from a key folded with the step number, on the class."""

# corpus: label=positive styles=return,parameter batch=s39

import jax
import jax.numpy as jnp
from flax import linen as nn


class Head(nn.Module):
    classes: int = 4

    @nn.compact
    def __call__(self, h):
        return nn.Dense(self.classes)(h)


key0 = jax.random.PRNGKey(3)


def reset_head(step, h):
    return Head.init(jax.random.fold_in(key0, step), h)  # expect: linen-init-on-module-class


heads = [reset_head(step, jnp.ones((1, 6))) for step in range(2)]
