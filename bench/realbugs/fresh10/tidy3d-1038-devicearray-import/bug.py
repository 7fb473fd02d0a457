# realbug: tidy3d-1038-devicearray-import
# source: https://github.com/flexcompute/tidy3d/pull/1038
# kind: removed-name
# raises: ImportError: cannot import name 'DeviceArray' from 'jax.interpreters.xla'
# tidy3d's adjoint plugin imported `DeviceArray` for its type checks; the class left
# `jax.interpreters.xla` with the switch to `jax.Array`. The check it fed is filled in.
import jax.numpy as jnp
from jax.interpreters.xla import DeviceArray  # BUG


def is_jax_array(value) -> bool:
    return isinstance(value, DeviceArray)


print(is_jax_array(jnp.ones(3)))
