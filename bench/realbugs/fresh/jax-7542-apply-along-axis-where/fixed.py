# realbug: jax-7542-apply-along-axis-where (fixed)
# source: https://github.com/jax-ml/jax/issues/7542
import numpy as np
import jax.numpy as jnp

x = np.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])
print(np.apply_along_axis(np.where, 1, x).squeeze())
print(jnp.apply_along_axis(lambda row: jnp.where(row, size=2)[0], 1, x))
