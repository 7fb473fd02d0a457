"""The gradient of one entry of a vector-valued function (indexed to a scalar)."""
# corpus: label=negative styles=transform,return

import jax
import jax.numpy as jnp


def field(x):
    return jnp.stack([x.sum(), (x**2).sum()])


print(jax.grad(lambda x: field(x)[1])(jnp.ones(3)))
