"""Raises ValueError: the vmapped function is given an empty dict, which holds no array, so
vmap has no axis to read the size to map over from."""

import jax

jax.vmap(lambda x: x)({})
