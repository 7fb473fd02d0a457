# realbug: jax-9349-where-dict-operands
# source: https://github.com/jax-ml/jax/issues/9349
# kind: not-array
# raises: TypeError: where requires ndarray or scalar arguments, got <class 'dict'>
import jax.numpy as jnp

jnp.where(True, {'a':1}, {'b':2})  # BUG
