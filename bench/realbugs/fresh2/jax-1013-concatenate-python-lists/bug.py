# realbug: jax-1013-concatenate-python-lists
# source: https://github.com/jax-ml/jax/issues/1013
# kind: concatenate-argument-type
# raises: TypeError: concatenate requires ndarray or scalar arguments
import jax.numpy as np
import numpy as onp

print("numpy", onp.concatenate([[], [1]], 0))
print("jax", np.concatenate([[], [1]], 0))  # BUG
