"""A scaling function made with functools.partial holds a 5-vector; it is applied to 4-wide rows."""
# corpus: label=positive styles=attribute,return

from functools import partial

import jax.numpy as jnp


def make_scaler(weights):
    return partial(jnp.multiply, weights)


scale = make_scaler(jnp.linspace(0.5, 1.5, 5))
print(scale(jnp.ones((3, 4))))  # expect: incompatible-shapes-for-broadcasting
