# realbug: xyyeh-learning-jax-item-assignment (fixed)
# source: https://github.com/xyyeh/learning
import numpy as np
import jax.numpy as jnp

array1 = np.arange(5, dtype=np.int32)
array2 = jnp.arange(5, dtype=jnp.int32)

print("Original ndarray: ", array1)
print("Original DeviceArray: ", array2)

# Item assignment
array1[4] = 10
print("\nModified ndarray: ", array1)
array2 = array2.at[4].set(10)
print("Modified DeviceArray: ", array2)
