# realbug: jax-4368-negative-list-argument
# source: https://github.com/jax-ml/jax/pull/4368
# kind: list-argument
# raises: TypeError: negative requires ndarray or scalar arguments, got <class 'list'> at position 0
# The pull request's example: a Python list passed to a jax.numpy unary function (NumPy accepts
# it; JAX does not convert lists implicitly).
import jax.numpy as jnp

jnp.negative([1, 2, 3])  # BUG
