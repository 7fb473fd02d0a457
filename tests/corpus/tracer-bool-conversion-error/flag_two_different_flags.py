"""Two options are mixed up: the step is jitted when `compile` is set, but the loop inside
picks its Python version from `use_lax`, a different option; with `compile` on and `use_lax`
off the Python loop runs under jit."""
# corpus: label=positive styles=attribute,helper

import os

import jax
import jax.numpy as jnp


class Options:
    def __init__(self, compile, use_lax):
        self.compile = compile
        self.use_lax = use_lax


def halve_until_small(x, options):
    if options.use_lax:
        return jax.lax.while_loop(lambda v: jnp.max(v) > 1.0, lambda v: v / 2, x)
    while jnp.max(x) > 1.0:  # expect: tracer-bool-conversion-error
        x = x / 2
    return x


def make_normalize(options):
    def normalize(x):
        return halve_until_small(x, options)

    if options.compile:
        normalize = jax.jit(normalize)
    return normalize


options = Options(
    compile=os.environ.get("COMPILE", "1") == "1",
    use_lax=os.environ.get("USE_LAX", "0") == "1",
)
print(make_normalize(options)(jnp.array([8.0, 3.0])))
