"""A converter reads a boolean padding flag, tests it twice, and reshapes the flag itself into pairs between the tests."""
# corpus: label=positive styles=helper,parameter batch=s34

import json

import jax.numpy as jnp


def parse_paddings(attrs):
    explicit = bool(attrs["explicit_paddings"])
    if explicit:
        explicit = jnp.array(explicit).reshape(4, 2)  # expect: reshape-size-mismatch
    if explicit:
        return "EXPLICIT"
    return "SAME"


attrs = json.loads('{"explicit_paddings": [0, 0, 1, 1, 1, 1, 0, 0]}')
print(parse_paddings(attrs))
