"""The same predictor passes the options left after its `pop` on to the sampler, and the caller turns steering on: `bool()` of a tracer raises under jit."""
# corpus: label=positive styles=helper,parameter batch=s38

import jax
import jax.numpy as jnp


def sample(x, *, steps=3, steering=False):
    if steering:
        x = x * bool(x.sum() > 0)  # expect: tracer-bool-conversion-error
    return x * steps


def predict(x, **options):
    multiplicity = options.pop("multiplicity", 1)
    return sample(x, **options) * multiplicity


print(jax.jit(lambda v: predict(v, multiplicity=2, steps=4, steering=True))(jnp.ones(3)))
