# realbug: jax-888-sum-axis-out-of-range (fixed)
# source: https://github.com/jax-ml/jax/issues/888
import jax.numpy as np

x = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]])
assert np.all(np.sum(x, axis=-3) == np.sum(x, axis=0))
