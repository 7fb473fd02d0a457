"""`functools.partial` pre-binds a `jnp.vectorize` signature that uses `=>` for the arrow; two partials deep, the vectorized dot is applied."""
# corpus: label=positive styles=transform,helper batch=s26

import functools

import jax.numpy as jnp

gufunc = functools.partial(jnp.vectorize, signature="(n),(n)=>()")
batched_dot = gufunc(jnp.dot)
dot_with_ones = functools.partial(batched_dot, jnp.ones(3))
print(dot_with_ones(jnp.ones((5, 3))))  # expect: vectorize-signature-malformed
