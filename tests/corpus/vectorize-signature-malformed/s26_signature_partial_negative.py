"""The same partial stack with a well-formed signature."""
# corpus: label=negative styles=transform,helper batch=s26

import functools

import jax.numpy as jnp

gufunc = functools.partial(jnp.vectorize, signature="(n),(n)->()")
batched_dot = gufunc(jnp.dot)
dot_with_ones = functools.partial(batched_dot, jnp.ones(3))
print(dot_with_ones(jnp.ones((5, 3))))
