"""A mixin's method hands `self` to a jitted function; the class that uses it is an equinox Module (a pytree), made by a factory the analysis does not follow: jit traces the module's fields, and generation runs."""
# corpus: label=negative styles=method,transform batch=s39

import equinox as eqx
import jax
import jax.numpy as jnp


@jax.jit
def run(model, x):
    return x * model.scale


class GenerationMixin:
    def generate(self, x):
        return run(self, x)


class Model(eqx.Module, GenerationMixin):
    scale: jax.Array


def build(name):
    return eval(name)(jnp.float32(2.0))


print(build("Model").generate(jnp.ones(3)))
