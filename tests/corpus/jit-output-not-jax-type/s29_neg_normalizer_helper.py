"""The helper builds a normaliser closure from the statistics it is given and jits the closure."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def make_normalizer(mean, std):
    @jax.jit
    def normalize(x):
        return (x - mean) / std

    return normalize


def prepare(data):
    normalize = make_normalizer(data.mean(), data.std())
    return normalize(data)


print(prepare(jnp.arange(6.0)))
