# realbug: jax-3451-sum-tuple-with-dict
# source: https://github.com/jax-ml/jax/issues/3451
# kind: list-argument
# raises: TypeError: sum requires ndarray or scalar arguments, got <class 'tuple'> at position 0
# The report's example: `jnp.sum` of a tuple holding an array and a dict (a typo in the
# reporter's code); the report's JAX raised "Unknown NumPy type O", 0.12 a TypeError.
import jax.numpy as jnp

jnp.sum((jnp.zeros(1), {}))  # BUG
