# realbug: xyyeh-learning-jax-item-assignment
# source: https://github.com/xyyeh/learning
# kind: immutable-array
# raises: TypeError: JAX arrays are immutable
# The notebook's cell: the same item assignment on a NumPy array and on a JAX array.
import numpy as np
import jax.numpy as jnp

array1 = np.arange(5, dtype=np.int32)
array2 = jnp.arange(5, dtype=jnp.int32)

print("Original ndarray: ", array1)
print("Original DeviceArray: ", array2)

# Item assignment
array1[4] = 10
print("\nModified ndarray: ", array1)
array2[4] = 10  # BUG
print("Modified DeviceArray: ", array2)
