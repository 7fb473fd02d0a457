"""The same mixin used by a plain class (no pytree), made by the same factory: jit cannot trace `self`, and the call raises TypeError."""
# corpus: label=positive styles=method,transform batch=s39

import jax
import jax.numpy as jnp


@jax.jit
def run(model, x):
    return x * model.scale


class GenerationMixin:
    def generate(self, x):
        return run(self, x)  # expect: jit-non-array-argument


class Model(GenerationMixin):
    def __init__(self, scale):
        self.scale = scale


def build(name):
    return eval(name)(jnp.float32(2.0))


print(build("Model").generate(jnp.ones(3)))
