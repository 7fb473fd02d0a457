# realbug: jax-1013-concatenate-python-lists (fixed)
# source: https://github.com/jax-ml/jax/issues/1013
import jax.numpy as np
import numpy as onp

print("numpy", onp.concatenate([[], [1]], 0))
print("jax", np.concatenate([np.array([]), np.array([1])], 0))
