# realbug: jax-888-sum-axis-out-of-range
# source: https://github.com/jax-ml/jax/issues/888
# kind: axis-range
# raises: ValueError: axis 3 is out of bounds for array of dimension 3
# The report's example: `np.sum` over axis 3 of a 3-D array (then it silently wrapped to axis 0;
# now JAX raises, as NumPy does).
import jax.numpy as np

x = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]])
assert np.all(np.sum(x, axis=3) == np.sum(x, axis=0))  # BUG
