# corpus: label=positive styles=parameter batch=c
"""An optional scale checked by truthiness; the jitted caller always passes an array."""

import jax
import jax.numpy as jnp


def maybe_scale(x, scale=None):
    if scale:  # expect: tracer-bool-conversion-error
        return x * scale
    return x


@jax.jit
def forward(x, s):
    return maybe_scale(x, scale=s)


print(forward(jnp.ones(3), jnp.float32(2.0)))
