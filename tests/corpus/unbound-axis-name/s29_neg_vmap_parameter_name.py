"""The helper's axis name comes from the caller, which names its vmap axis the same."""
# corpus: label=negative styles=parameter,return batch=s29

import jax
import jax.numpy as jnp
from jax import lax


def normalise(v, axis_name):
    return v / lax.psum(v, axis_name)


def make_normaliser(name):
    return jax.vmap(lambda v: normalise(v, name), axis_name=name)


print(make_normaliser("rows")(jnp.ones((4, 3))))
