# realbug: jax-5044-max-of-list
# source: https://github.com/jax-ml/jax/issues/5044
# kind: list-argument
# raises: TypeError: max requires ndarray or scalar arguments, got <class 'list'> at position 0
# The report's two lines: jax.numpy's reductions refuse a Python list (NumPy's accept it).
import jax.numpy as jnp

jnp.max([1, 2])  # BUG
