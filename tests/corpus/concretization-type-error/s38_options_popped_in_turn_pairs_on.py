"""The same predictor, popping its options one after another, run with the chain-pair flag on: the table's `jnp.unique` of a tracer has no static size."""
# corpus: label=positive styles=helper,parameter batch=s38

import jax
import jax.numpy as jnp


def predict(x, **options):
    scale = options.pop("scale", 1.0)
    steps = int(options.pop("steps", 3))
    if options.pop("return_pairs", False):
        chains = jnp.unique(x)  # expect: concretization-type-error
        x = x + chains.sum()
    return x * scale * steps


print(jax.jit(lambda v: predict(v, scale=2.0, steps=4, return_pairs=True))(jnp.ones(3)))
