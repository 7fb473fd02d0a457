# realbug: jax-101-fill-dataset-slices (fixed)
# source: https://github.com/jax-ml/jax/issues/101
import jax.numpy as np
import numpy as onp

x_train = onp.zeros((3 * 100, 8, 8, 3))
for i in range(1, 4):
    data = onp.random.rand(100, 8, 8, 3)
    x_train[(i - 1) * 100 : i * 100, :, :, :] = data
x_train = np.asarray(x_train)
print(x_train.shape)
