"""A helper picks one layer's parameters out of a Python list with an index traced by jit."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp
from jax import random


def nth_layer(layers, i):
    return layers[i]  # expect: tracer-integer-conversion-error


def make_layers(key, width, depth):
    keys = random.split(key, depth)
    return [{"w": random.normal(k, (width, width)) * 0.1} for k in keys]


@jax.jit
def apply_one(layers, x, which):
    layer = nth_layer(layers, which)
    return jnp.tanh(x @ layer["w"])


layers = make_layers(random.key(0), 4, 3)
y = apply_one(layers, jnp.ones((2, 4)), 1)
