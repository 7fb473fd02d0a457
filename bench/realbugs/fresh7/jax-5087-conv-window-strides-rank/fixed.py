# realbug: jax-5087-conv-window-strides-rank (fixed)
# source: https://github.com/jax-ml/jax/issues/5087
import jax
import jax.numpy as jnp
import numpy as np

im = jnp.zeros((1, 1, 20, 30))
kernel = np.zeros((1, 1, 3))
out = jax.lax.conv(im, np.expand_dims(kernel, -2), [1, 1], "SAME")
