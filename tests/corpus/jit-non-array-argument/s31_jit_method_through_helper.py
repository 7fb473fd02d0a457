"""A helper calls a model's jitted `apply`; the model passed in is an instance of a plain
class, traced as jit's first argument."""
# corpus: label=positive styles=method,helper,parameter batch=s31

import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, w):
        self.w = w

    @jax.jit
    def apply(self, x):
        return x @ self.w


def evaluate(model, batch):
    return model.apply(batch)  # expect: jit-non-array-argument


print(evaluate(Linear(jnp.ones((3, 2))), jnp.ones((4, 3))))
