# realbug: jax-14920-arange-list-argument
# source: https://github.com/jax-ml/jax/issues/14920
# kind: not-array
# raises: TypeError: arange requires ndarray, scalar, or None arguments, got <class 'list'>
import jax.numpy as jnp

jnp.arange([1, 3])  # BUG
