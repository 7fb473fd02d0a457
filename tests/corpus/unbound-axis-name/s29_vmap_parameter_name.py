"""A helper takes the axis name as a parameter; the caller names the vmap axis differently."""
# corpus: label=positive styles=parameter,return batch=s29

import jax
import jax.numpy as jnp
from jax import lax


def normalise(v, axis_name):
    return v / lax.psum(v, axis_name)  # expect: unbound-axis-name


def make_normaliser(name):
    return jax.vmap(lambda v: normalise(v, name), axis_name="rows")


print(make_normaliser("row")(jnp.ones((4, 3))))
