# corpus: label=negative styles=parameter batch=c
"""The layer index is a static argument, so indexing the Python list is fine."""

from functools import partial

import jax
import jax.numpy as jnp


def init_layers(n, width):
    return [jnp.eye(width) * (i + 1) for i in range(n)]


@partial(jax.jit, static_argnums=1)
def apply_layer(layers, layer_idx, x):
    return x @ layers[layer_idx]


print(apply_layer(init_layers(3, 2), 1, jnp.ones(2)))
