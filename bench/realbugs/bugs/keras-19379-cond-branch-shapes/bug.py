# realbug: keras-19379-cond-branch-shapes
# source: https://github.com/keras-team/keras/issues/19379
# kind: cond-branches
# raises: TypeError: (cond branches|true_fun and false_fun)
import jax
import jax.numpy as jnp

do_pad = True
x = jnp.ones((2, 4, 10, 10, 6))
depth, height, width = 3, 8, 6
result = jax.lax.cond(do_pad, lambda: x[:, :depth, :height, :width, :], lambda: x)  # BUG
print(result.shape)
