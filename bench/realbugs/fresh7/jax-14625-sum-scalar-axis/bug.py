# realbug: jax-14625-sum-scalar-axis
# source: https://github.com/jax-ml/jax/issues/14625
# kind: axis-range
# raises: ValueError: axis 0 is out of bounds for array of dimension 0
# The report's example: a reduction over axis 0 of a scalar (NumPy allows it, JAX does not).
import jax.numpy as jnp
import numpy as np

arr = 0.0  # An array that is scalar for some reason
np.sum(arr, 0)  # no pb
jnp.sum(arr, 0)  # BUG
