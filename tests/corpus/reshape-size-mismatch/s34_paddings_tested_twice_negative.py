"""A converter reads a layer's explicit paddings, a tuple of unknown length, tests it twice, and reshapes it into pairs between the tests."""
# corpus: label=negative styles=helper,parameter batch=s34

import json

import jax.numpy as jnp


def parse_paddings(attrs):
    paddings = tuple(attrs["explicit_paddings"])
    if paddings:
        paddings = [tuple(pair) for pair in jnp.array(paddings).reshape(4, 2).tolist()]
    if paddings:
        return "EXPLICIT"
    return "SAME"


def parse_opaque(attrs):
    paddings = attrs["explicit_paddings"]
    if paddings:
        paddings = [tuple(pair) for pair in jnp.array(paddings).reshape(4, 2).tolist()]
    if paddings:
        return paddings[1:3]
    return None


attrs = json.loads('{"explicit_paddings": [0, 0, 1, 1, 1, 1, 0, 0]}')
print(parse_paddings(attrs))
print(parse_opaque(attrs))
