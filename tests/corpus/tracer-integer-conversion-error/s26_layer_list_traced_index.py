"""Six layer widths are built in a loop over `range(6)`; a jitted function picks one with a traced layer index on the Python list."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax
import jax.numpy as jnp


def make_scales(n):
    scales = []
    for i in range(n):
        scales.append(jnp.full((3,), float(i)))
    return scales


SCALES = make_scales(6)


@jax.jit
def scale_by_layer(x, layer):
    return x * SCALES[layer]  # expect: tracer-integer-conversion-error


print(scale_by_layer(jnp.ones(3), 4))
