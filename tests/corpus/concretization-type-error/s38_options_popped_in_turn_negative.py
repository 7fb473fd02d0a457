"""A predictor pops its options from `**kwargs` one after another (FoldJAX's boltz2 `predict.py` pops six); the jitted run passes no chain-pair flag, whose default is off, so the table's `jnp.unique` never runs under jit."""
# corpus: label=negative styles=helper,parameter batch=s38

import jax
import jax.numpy as jnp


def predict(x, **options):
    scale = options.pop("scale", 1.0)
    steps = int(options.pop("steps", 3))
    if options.pop("return_pairs", False):
        chains = jnp.unique(x)
        x = x + chains.sum()
    return x * scale * steps


print(jax.jit(lambda v: predict(v, scale=2.0, steps=4))(jnp.ones(3)))
