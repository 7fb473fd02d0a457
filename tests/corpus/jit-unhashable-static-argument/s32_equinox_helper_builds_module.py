"""A helper builds the module whose dict of options is then made a static argument."""
# corpus: label=positive styles=helper,return batch=s32

import equinox as eqx
import jax
import jax.numpy as jnp


class Options(eqx.Module):
    settings: dict

    def __init__(self, **settings):
        self.settings = settings


def make_options():
    return Options(steps=3, scale=0.5)


def run(x, options):
    return x * options.settings["scale"]


compiled = jax.jit(run, static_argnums=1)
print(compiled(jnp.ones(2), make_options()))  # expect: jit-unhashable-static-argument
