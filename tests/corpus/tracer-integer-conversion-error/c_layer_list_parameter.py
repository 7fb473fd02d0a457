# corpus: label=positive styles=parameter batch=c
"""A jitted function picks one layer's weights out of a Python list by the layer index it is
passed."""

import jax
import jax.numpy as jnp


def init_layers(n, width):
    return [jnp.eye(width) * (i + 1) for i in range(n)]


@jax.jit
def apply_layer(layers, layer_idx, x):
    w = layers[layer_idx]  # expect: tracer-integer-conversion-error
    return x @ w


layers = init_layers(3, 2)
print(apply_layer(layers, 1, jnp.ones(2)))
