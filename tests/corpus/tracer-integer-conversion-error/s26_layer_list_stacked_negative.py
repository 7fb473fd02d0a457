"""The six scales are stacked into one array, which a traced index can select."""
# corpus: label=negative styles=helper,parameter batch=s26

import jax
import jax.numpy as jnp


def make_scales(n):
    scales = []
    for i in range(n):
        scales.append(jnp.full((3,), float(i)))
    return jnp.stack(scales)


SCALES = make_scales(6)


@jax.jit
def scale_by_layer(x, layer):
    return x * SCALES[layer]


print(scale_by_layer(jnp.ones(3), 4))
