# realbug: jax-101-fill-dataset-slices
# source: https://github.com/jax-ml/jax/issues/101
# kind: item-assignment
# raises: TypeError: JAX arrays are immutable and do not support in-place item assignment
import jax.numpy as np
import numpy as onp

x_train = np.zeros((3 * 100, 8, 8, 3))
for i in range(1, 4):
    data = onp.random.rand(100, 8, 8, 3)
    x_train[(i - 1) * 100 : i * 100, :, :, :] = data  # BUG
print(x_train.shape)
