"""A jitted helper builds a normaliser closure from the statistics it is given and returns it."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


@jax.jit
def make_normalizer(mean, std):
    def normalize(x):
        return (x - mean) / std

    return normalize


def prepare(data):
    normalize = make_normalizer(data.mean(), data.std())  # expect: jit-output-not-jax-type
    return normalize(data)


print(prepare(jnp.arange(6.0)))
