"""A predictor pops one option from its `**kwargs` and passes the rest on to the sampler (FoldJAX's boltz2 `sample(**sample_kwargs)`); no caller turns steering on, so the sampler's `bool()` of a tracer never runs under jit."""
# corpus: label=negative styles=helper,parameter batch=s38

import jax
import jax.numpy as jnp


def sample(x, *, steps=3, steering=False):
    if steering:
        x = x * bool(x.sum() > 0)
    return x * steps


def predict(x, **options):
    multiplicity = options.pop("multiplicity", 1)
    return sample(x, **options) * multiplicity


print(jax.jit(lambda v: predict(v, multiplicity=2, steps=4))(jnp.ones(3)))
