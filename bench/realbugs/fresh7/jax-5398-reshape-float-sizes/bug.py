# realbug: jax-5398-reshape-float-sizes
# source: https://github.com/jax-ml/jax/pull/5398
# kind: reshape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type, got \(2.5, 3.5\)
# The pull request's example: floats as the new sizes of `reshape` (older JAX truncated them;
# the pull request raised Python's TypeError, 0.12 raises JAX's shape TypeError).
import jax.numpy as jnp

jnp.arange(6).reshape(2.5, 3.5)  # BUG
