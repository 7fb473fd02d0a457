# realbug: keras-19379-cond-branch-shapes (fixed)
# source: https://github.com/keras-team/keras/issues/19379
import jax
import jax.numpy as jnp

do_pad = True
x = jnp.ones((2, 4, 10, 10, 6))
depth, height, width = 3, 8, 6
result = x[:, :depth, :height, :width, :] if do_pad else x
print(result.shape)
