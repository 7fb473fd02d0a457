# realbug: jax-5087-conv-window-strides-rank
# source: https://github.com/jax-ml/jax/issues/5087
# kind: conv
# raises: ValueError: conv_general_dilated window and window_strides must have the same number of dimensions, but got 2 and 1
# The report's program: a 2-D convolution given one window stride (`[1]` where `[1, 1]` was
# meant); the report's JAX failed in XLA's shape check, 0.12 raises a ValueError first.
import jax
import jax.numpy as jnp
import numpy as np

im = jnp.zeros((1, 1, 20, 30))
kernel = np.zeros((1, 1, 3))
out = jax.lax.conv(im, np.expand_dims(kernel, -2), [1], "SAME")  # BUG
